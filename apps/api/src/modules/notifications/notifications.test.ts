import {
  NOTIFICATION_RECIPIENTS,
  type Notification,
  type NotificationKind,
  NotificationPageSchema,
  type Role,
} from '@basha/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../../test/factories.ts';
import {
  acceptedOffer,
  as,
  dhakaDate,
  expiryIn,
  insertOffer,
  startPayment,
} from '../../../test/payments-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { notification, user } from '../../db/schema.ts';

let t: TestApp;
let agent: TestAccount;
let buyer: TestAccount;
let otherBuyer: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  agent = await createAccount(t, 'agent');
  buyer = await createAccount(t, 'user');
  otherBuyer = await createAccount(t, 'user');
  admin = await createAccount(t, 'admin');
});
afterAll(() => t.close());

async function myNotifications(account: TestAccount, query = ''): Promise<Notification[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/me/notifications${query}`,
    headers: as(account),
  });
  expect(response.statusCode, response.body).toBe(200);
  return NotificationPageSchema.parse(response.json()).items;
}

async function unreadOf(account: TestAccount): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/me/notifications/unread-count',
    headers: as(account),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().unread;
}

async function notificationCount(): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(notification);
  return row?.n ?? 0;
}

/**
 * Runs the event and checks that it made exactly one notification in the whole database,
 * the newest of `recipient`'s; returns it.
 */
async function theOneNotificationOf(
  recipient: TestAccount,
  event: () => Promise<unknown>,
): Promise<Notification> {
  const before = await notificationCount();
  await event();
  expect(await notificationCount()).toBe(before + 1);
  const [newest] = await myNotifications(recipient);
  if (!newest) throw new Error('no notification');
  return newest;
}

async function wishAndOffer(account: TestAccount, listingId: string, amount = 5050) {
  const wished = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wishlist',
    headers: as(account),
    payload: { listingId },
  });
  expect(wished.statusCode, wished.body).toBe(201);
  const made = await t.app.inject({
    method: 'POST',
    url: `/api/v1/wishlist/${wished.json().id}/offer`,
    headers: as(account),
    payload: { amount, deadline: dhakaDate(7) },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().id as string;
}

function decide(offerId: string, decision: 'accept' | 'reject') {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/offers/${offerId}/${decision}`,
    headers: as(agent),
  });
}

describe('every event tells exactly one account, once', () => {
  it('an offer received tells the listing agent, with the amount and the listing', async () => {
    const listingId = await createListing(t, agent, { title: 'Lake view flat' });
    let offerId = '';
    const told = await theOneNotificationOf(agent, async () => {
      offerId = await wishAndOffer(buyer, listingId, 5070);
    });
    expect(told).toMatchObject({
      kind: 'offerReceived',
      listingId,
      offerId,
      params: { listingTitle: 'Lake view flat', amount: 5070 },
      link: '/dashboard/requested-properties',
      readAt: null,
    });
  });

  it('accepting tells the buyer, and each buyer whose offer it closed that another was accepted', async () => {
    const listingId = await createListing(t, agent);
    const winner = await wishAndOffer(buyer, listingId);
    const loser = await wishAndOffer(otherBuyer, listingId);
    const before = await notificationCount();
    expect((await decide(winner, 'accept')).statusCode).toBe(200);
    expect(await notificationCount()).toBe(before + 2);
    expect((await myNotifications(buyer))[0]).toMatchObject({
      kind: 'offerAccepted',
      offerId: winner,
      listingId,
    });
    expect((await myNotifications(otherBuyer))[0]).toMatchObject({
      kind: 'offerLostToAnother',
      offerId: loser,
      link: '/dashboard/property-bought',
    });
  });

  it('rejecting tells the buyer', async () => {
    const listingId = await createListing(t, agent);
    const offerId = await wishAndOffer(buyer, listingId);
    const told = await theOneNotificationOf(buyer, () => decide(offerId, 'reject'));
    expect(told).toMatchObject({ kind: 'offerRejected', offerId, listingId });
  });

  it('an offer past its deadline tells the buyer once, when the expiry job runs', async () => {
    const listingId = await createListing(t, agent);
    const offerId = await wishAndOffer(buyer, listingId);
    const before = await notificationCount();
    await t.database.jobQuery(
      `with moved as (update offers set deadline = $2 where id = $1 returning id)
       update jobs set run_at = now() where key = $3`,
      [offerId, dhakaDate(-1), `offer-expiry:${offerId}`],
    );
    await until(async () => (await notificationCount()) > before);
    expect((await myNotifications(buyer))[0]).toMatchObject({ kind: 'offerExpired', offerId });
    // The job ran and is done: it does not tell again.
    await until(async () => {
      const [job] = await t.database.jobQuery('select completed_at from jobs where key = $1', [
        `offer-expiry:${offerId}`,
      ]);
      return job?.completed_at != null;
    });
    expect(await notificationCount()).toBe(before + 1);
  });

  it('a payment tells the agent', async () => {
    const { offerId, listingId } = await acceptedOffer(t, agent, buyer, { amount: 5090 });
    const intent = await startPayment(t, buyer, offerId);
    expect(intent.statusCode, intent.body).toBe(200);
    const told = await theOneNotificationOf(agent, async () => {
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/v1/offers/${offerId}/payment`,
        headers: as(buyer),
        payload: {
          clientSecret: intent.json().clientSecret,
          cardNumber: '4242 4242 4242 4242',
          expiry: expiryIn(12),
          cvc: '123',
        },
      });
      expect(paid.statusCode, paid.body).toBe(200);
    });
    expect(told).toMatchObject({
      kind: 'paymentReceived',
      offerId,
      listingId,
      params: { amount: 5090 },
    });
  });

  it.each([
    ['verify', 'listingVerified'],
    ['reject', 'listingRejected'],
  ] as const)('an admin decision (%s) tells the agent', async (decision, kind) => {
    const listingId = await createListing(t, agent, { status: 'pending', title: 'Banani duplex' });
    const told = await theOneNotificationOf(agent, async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/listings/${listingId}/${decision}`,
        headers: as(admin),
        ...(decision === 'reject' ? { payload: {} } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(told).toMatchObject({ kind, listingId, params: { listingTitle: 'Banani duplex' } });
  });

  it('a new review tells the listing agent', async () => {
    const listingId = await createListing(t, agent);
    const told = await theOneNotificationOf(agent, async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/listings/${listingId}/reviews`,
        headers: as(buyer),
        payload: { rating: 4, text: 'Quiet and bright.' },
      });
      expect(response.statusCode, response.body).toBe(201);
    });
    expect(told).toMatchObject({
      kind: 'reviewReceived',
      listingId,
      params: { rating: 4 },
      link: `/propertyDetails/${listingId}`,
    });
  });

  it('a role change tells the account itself', async () => {
    const promoted = await createAccount(t, 'user');
    const told = await theOneNotificationOf(promoted, async () => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${promoted.id}/role`,
        headers: as(admin),
        payload: { role: 'agent' },
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(told).toMatchObject({ kind: 'roleChanged', params: { role: 'agent' }, listingId: null });
  });

  it('a message tells the other side of the conversation, linking to it, and not the sender', async () => {
    const listingId = await createListing(t, agent, { title: 'Dhanmondi flat' });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/conversations',
      headers: as(otherBuyer),
      payload: { listingId },
    });
    expect([200, 201], started.body).toContain(started.statusCode);
    const conversationId: string = started.json().id;
    const send = (from: TestAccount, text: string) => async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${conversationId}/messages`,
        headers: as(from),
        payload: { text },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    const toAgent = await theOneNotificationOf(agent, send(otherBuyer, 'Is it still available?'));
    expect(toAgent).toMatchObject({
      kind: 'messageReceived',
      listingId,
      params: { listingTitle: 'Dhanmondi flat', conversationId },
      link: `/dashboard/messages/${conversationId}`,
    });
    const toBuyer = await theOneNotificationOf(otherBuyer, send(agent, 'Yes, it is.'));
    expect(toBuyer).toMatchObject({ kind: 'messageReceived', params: { conversationId } });
  });

  it('tells each kind only to roles the email settings offer it to (NOTIFICATION_RECIPIENTS)', async () => {
    // Listings decided both ways, beside the events of this file: the agent's kinds too.
    const verified = await createListing(t, agent, { status: 'pending' });
    const rejected = await createListing(t, agent, { status: 'pending' });
    for (const [id, decision, body] of [
      [verified, 'verify', undefined],
      [rejected, 'reject', { reason: 'The photos show another building.' }],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/listings/${id}/${decision}`,
        headers: as(admin),
        ...(body ? { payload: body } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const told = await t.database.db
      .select({ kind: notification.kind, role: user.role })
      .from(notification)
      .innerJoin(user, eq(user.id, notification.recipientId));
    const kinds = new Set(told.map((row) => row.kind));
    expect([...kinds]).toEqual(expect.arrayContaining(['listingVerified', 'listingRejected']));
    for (const { kind, role } of told) {
      expect(
        NOTIFICATION_RECIPIENTS[kind as NotificationKind],
        `${kind} told to a ${role}`,
      ).toContain(role as Role);
    }
  });

  it('a refused event tells no one', async () => {
    const listingId = await createListing(t, agent);
    const offerId = await insertOffer(t, listingId, buyer, { status: 'rejected' });
    const before = await notificationCount();
    expect((await decide(offerId, 'accept')).statusCode).toBe(409);
    expect(await notificationCount()).toBe(before);
  });
});

describe('the bell', () => {
  it('pages newest first, counts unread, marks one and then all read', async () => {
    const reader = await createAccount(t, 'agent');
    for (let i = 0; i < 5; i += 1) {
      await createListing(t, reader, { title: `Flat ${i}` }).then((listingId) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/listings/${listingId}/reviews`,
          headers: as(buyer),
          payload: { rating: 5, text: `Review ${i}` },
        }),
      );
    }
    expect(await unreadOf(reader)).toBe(5);

    const first = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/notifications?limit=3',
      headers: as(reader),
    });
    const page1 = NotificationPageSchema.parse(first.json());
    expect(page1.items.map((n) => n.params.listingTitle)).toEqual(['Flat 4', 'Flat 3', 'Flat 2']);
    const page2 = await myNotifications(reader, `?limit=3&cursor=${page1.nextCursor}`);
    expect(page2.map((n) => n.params.listingTitle)).toEqual(['Flat 1', 'Flat 0']);

    const one = page1.items[0];
    if (!one) throw new Error('no notification');
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/me/notifications/${one.id}/read`,
      headers: as(reader),
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().readAt).not.toBeNull();
    expect(await unreadOf(reader)).toBe(4);

    const all = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/notifications/read-all',
      headers: as(reader),
    });
    expect(all.json()).toEqual({ marked: 4 });
    expect(await unreadOf(reader)).toBe(0);
  });

  it("never shows or marks another account's notifications: theirs is 404 like an unknown id", async () => {
    const [theirs] = await myNotifications(agent);
    if (!theirs) throw new Error('the agent has notifications by now');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/me/notifications/${theirs.id}/read`,
      headers: as(otherBuyer),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().messageCode).toBe('notification.notFound');
    const [row] = await t.database.db
      .select({ readAt: notification.readAt })
      .from(notification)
      .where(eq(notification.id, theirs.id));
    expect(row?.readAt).toBeNull();
    expect((await myNotifications(otherBuyer)).map((n) => n.id)).not.toContain(theirs.id);
  });

  it.each([
    [
      'a malformed id',
      'POST',
      '/api/v1/me/notifications/not-a-uuid/read',
      'id.unknownNotification',
    ],
    ['a forged cursor', 'GET', '/api/v1/me/notifications?cursor=bm9wZQ', 'cursor.invalid'],
    ['a limit too large', 'GET', '/api/v1/me/notifications?limit=1000', undefined],
  ] as const)('refuses %s with 400 and changes nothing', async (_name, method, url, code) => {
    const response = await t.app.inject({ method, url, headers: as(agent) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    if (code) expect(response.json().messageCode).toBe(code);
  });
});
