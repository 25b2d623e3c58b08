import { randomUUID } from 'node:crypto';
import { reviewMessages } from '@basha/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../../test/factories.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { auditLog, review, user as userTable } from '../../db/schema.ts';

let t: TestApp;
let admin: TestAccount;
let agent: TestAccount;
let otherAgent: TestAccount;
let reviewer: TestAccount;
let otherUser: TestAccount;
let publicListing: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, agent, otherAgent, reviewer, otherUser] = await Promise.all([
    createAccount(t, 'admin', { name: 'Admin Ayesha' }),
    createAccount(t, 'agent', { name: 'Agent Babul' }),
    createAccount(t, 'agent'),
    createAccount(t, 'user', { name: 'Reviewer Rina' }),
    createAccount(t, 'user', { name: 'Other Omar' }),
  ]);
  publicListing = await createListing(t, agent, { title: 'Lake-view flat' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(account: TestAccount | null, method: Method, url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: account ? { cookie: account.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

const postReview = (account: TestAccount | null, listingId: string, body: object) =>
  call(account, 'POST', `/api/v1/listings/${listingId}/reviews`, body);

const validReview = { rating: 4, text: 'Bright rooms and a friendly agent.' };

/** Writes a review straight to the database (for listings no longer open to new reviews). */
async function insertReview(listingId: string, reviewerId: string, text = 'Stored review') {
  const [row] = await t.database.db
    .insert(review)
    .values({ listingId: listingId, reviewerId, rating: 3, text })
    .returning({ id: review.id });
  if (!row) throw new Error('review insert returned nothing');
  return row.id;
}

/** A person who exists only to have written reviews: no session, so no sign-up cost. */
async function insertPerson(name: string) {
  const [row] = await t.database.db
    .insert(userTable)
    .values({ name, email: `${randomUUID()}@example.test` })
    .returning({ id: userTable.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

async function reviewCount(listingId: string, reviewerId: string) {
  const rows = await t.database.db
    .select({ id: review.id })
    .from(review)
    .where(and(eq(review.listingId, listingId), eq(review.reviewerId, reviewerId)));
  return rows.length;
}

const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

describe('who may call the reviews API', () => {
  const anyId = '00000000-0000-4000-8000-000000000000';

  it('posting is for users only', async () => {
    expect((await postReview(null, anyId, validReview)).statusCode).toBe(401);
    expect((await postReview(agent, anyId, validReview)).statusCode).toBe(403);
    expect((await postReview(admin, anyId, validReview)).statusCode).toBe(403);
    expect((await postReview(reviewer, anyId, validReview)).statusCode).toBe(404);
  });

  it.each([
    ['my reviews', 'GET', '/api/v1/reviews/mine', ['user']],
    ['all reviews', 'GET', '/api/v1/reviews', ['admin']],
    ['delete', 'DELETE', `/api/v1/reviews/${anyId}`, ['user', 'admin']],
    ['feature', 'PUT', `/api/v1/reviews/${anyId}/featured`, ['admin']],
    ['unfeature', 'DELETE', `/api/v1/reviews/${anyId}/featured`, ['admin']],
    ["a listing's reviews", 'GET', `/api/v1/listings/${anyId}/reviews`, ['user', 'agent', 'admin']],
  ] as const)('%s: anonymous 401, other roles 403', async (_name, method, url, allowed) => {
    expect((await call(null, method, url)).statusCode).toBe(401);
    for (const account of [reviewer, agent, admin]) {
      const response = await call(account, method, url);
      if (allowed.includes(account.role as never)) {
        expect([200, 404]).toContain(response.statusCode);
      } else {
        expect(response.statusCode).toBe(403);
      }
    }
  });

  it('documents every reviews and audit route in the OpenAPI document', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/listings/{id}/reviews',
        '/api/v1/reviews',
        '/api/v1/reviews/mine',
        '/api/v1/reviews/featured',
        '/api/v1/reviews/{id}',
        '/api/v1/reviews/{id}/featured',
        '/api/v1/admin/audit-log',
      ]),
    );
  });

  it('the home page strip is public', async () => {
    expect((await call(null, 'GET', '/api/v1/reviews/featured')).statusCode).toBe(200);
  });
});

describe('posting a review', () => {
  it('creates the review with reviewer, listing and an ISO date', async () => {
    const listing = await createListing(t, agent, { title: 'Dhanmondi duplex' });
    const response = await postReview(reviewer, listing, {
      rating: 5,
      text: '  Quiet street, great light.  ',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(String),
      rating: 5,
      text: 'Quiet street, great light.',
      featured: false,
      createdAt: expect.any(String),
      reviewer: {
        id: reviewer.id,
        name: 'Reviewer Rina',
        photoUrl: expect.stringMatching(/^\/media\//),
        role: 'user',
      },
      listing: { id: listing, title: 'Dhanmondi duplex' },
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
  });

  it.each([
    [
      'no rating',
      { text: 'Nice' },
      'rating',
      reviewMessages.ratingRequired,
      'review.ratingRequired',
    ],
    [
      'a null rating',
      { rating: null, text: 'Nice' },
      'rating',
      reviewMessages.ratingRequired,
      'review.ratingRequired',
    ],
    [
      'rating 0',
      { rating: 0, text: 'Nice' },
      'rating',
      reviewMessages.ratingRequired,
      'review.ratingRequired',
    ],
    [
      'rating 6',
      { rating: 6, text: 'Nice' },
      'rating',
      reviewMessages.ratingRequired,
      'review.ratingRequired',
    ],
    [
      'rating 4.5',
      { rating: 4.5, text: 'Nice' },
      'rating',
      reviewMessages.ratingNotWhole,
      'review.ratingNotWhole',
    ],
    [
      'rating as text',
      { rating: '4', text: 'Nice' },
      'rating',
      reviewMessages.ratingNotWhole,
      'review.ratingNotWhole',
    ],
    ['no text', { rating: 4 }, 'text', reviewMessages.textRequired, 'review.textRequired'],
    [
      'empty text',
      { rating: 4, text: '' },
      'text',
      reviewMessages.textRequired,
      'review.textRequired',
    ],
    [
      'blank text',
      { rating: 4, text: ' \n\t ' },
      'text',
      reviewMessages.textRequired,
      'review.textRequired',
    ],
    [
      'text as a number',
      { rating: 4, text: 42 },
      'text',
      reviewMessages.textRequired,
      'review.textRequired',
    ],
    [
      '2001 characters',
      { rating: 4, text: 'a'.repeat(2001) },
      'text',
      reviewMessages.textTooLong,
      'review.textTooLong',
    ],
    ['an unknown field', { ...validReview, featured: true }, 'body', expect.any(String), undefined],
  ])(
    'refuses %s with a clear message and writes nothing',
    async (_name, body, path, message, messageCode) => {
      const response = await postReview(reviewer, publicListing, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        // zod's own English (an unknown field) has no code.
        errors: expect.arrayContaining([{ path, message, messageCode }]),
      });
      expect(await reviewCount(publicListing, reviewer.id)).toBe(0);
    },
  );

  it('accepts 2000 characters once surrounding spaces are trimmed', async () => {
    const listing = await createListing(t, agent);
    const text = 'b'.repeat(2000);
    const response = await postReview(reviewer, listing, { rating: 1, text: `  ${text}  ` });
    expect(response.statusCode).toBe(201);
    expect(response.json().text).toBe(text);
  });

  it('refuses a malformed listing id with 400', async () => {
    const response = await postReview(reviewer, 'not-a-uuid', validReview);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Unknown listing id.');
  });

  it.each([
    ['pending', { status: 'pending' as const }],
    ['rejected', { status: 'rejected' as const }],
    ['sold', { soldAt: new Date() }],
    ['delisted', { delistedAt: new Date() }],
  ])('answers 404 for a %s listing', async (_name, overrides) => {
    const listing = await createListing(t, agent, overrides);
    const response = await postReview(reviewer, listing, validReview);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe(reviewMessages.listingNotFound);
    expect(await reviewCount(listing, reviewer.id)).toBe(0);
  });

  it('answers 404 for a listing that does not exist', async () => {
    const response = await postReview(reviewer, randomUUID(), validReview);
    expect(response.statusCode).toBe(404);
  });

  it('allows one review per user per listing', async () => {
    const listing = await createListing(t, agent);
    expect((await postReview(reviewer, listing, validReview)).statusCode).toBe(201);
    const again = await postReview(reviewer, listing, { rating: 1, text: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      detail: 'You have already reviewed this property.',
    });
    expect((await postReview(otherUser, listing, validReview)).statusCode).toBe(201);
    expect(await reviewCount(listing, reviewer.id)).toBe(1);
  });

  it('turns simultaneous duplicates into exactly one review', async () => {
    const listing = await createListing(t, agent);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => postReview(reviewer, listing, validReview)),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await reviewCount(listing, reviewer.id)).toBe(1);
  });
});

describe("a listing's reviews", () => {
  it('lists newest first for every signed-in role, with keyset pages', async () => {
    const listing = await createListing(t, agent);
    const written: string[] = [];
    for (let i = 0; i < 5; i++) {
      written.push(await insertReview(listing, await insertPerson(`Person ${i}`), `Review ${i}`));
    }
    // Same timestamp for all: the id breaks the tie, and no row is skipped or repeated.
    await t.database.db
      .update(review)
      .set({ createdAt: new Date('2025-05-05T10:00:00.123Z') })
      .where(eq(review.listingId, listing));

    for (const account of [reviewer, agent, otherAgent, admin]) {
      const all = await call(account, 'GET', `/api/v1/listings/${listing}/reviews`);
      expect(all.statusCode).toBe(200);
      expect(all.json().nextCursor).toBeNull();
      expect(ids(all.json())).toEqual([...written].sort().reverse());
    }

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `limit=2&cursor=${cursor}` : 'limit=2';
      const page = (
        await call(reviewer, 'GET', `/api/v1/listings/${listing}/reviews?${query}`)
      ).json();
      seen.push(...ids(page));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...written].sort().reverse());
  });

  it('orders by the exact creation time, microseconds included', async () => {
    const listing = await createListing(t, agent);
    const older = await insertReview(listing, await insertPerson('Older'));
    const newer = await insertReview(listing, await insertPerson('Newer'));
    // Both fall within one millisecond; a millisecond cursor would lose one of them.
    const setCreatedAt = (id: string, at: string) =>
      t.database.db
        .update(review)
        .set({ createdAt: sql`${at}::timestamptz` })
        .where(eq(review.id, id));
    await setCreatedAt(older, '2025-05-05 10:00:00.123400+00');
    await setCreatedAt(newer, '2025-05-05 10:00:00.123900+00');
    const first = (
      await call(reviewer, 'GET', `/api/v1/listings/${listing}/reviews?limit=1`)
    ).json();
    expect(ids(first)).toEqual([newer]);
    const second = (
      await call(
        reviewer,
        'GET',
        `/api/v1/listings/${listing}/reviews?limit=1&cursor=${first.nextCursor}`,
      )
    ).json();
    expect(ids(second)).toEqual([older]);
    expect(second.nextCursor).toBeNull();
  });

  it('shows reviews of a non-public listing only to its agent and admins', async () => {
    const pending = await createListing(t, agent, { status: 'pending' });
    const sold = await createListing(t, agent, { soldAt: new Date() });
    for (const listing of [pending, sold]) {
      const written = await insertReview(listing, reviewer.id);
      for (const account of [reviewer, otherUser, otherAgent]) {
        const response = await call(account, 'GET', `/api/v1/listings/${listing}/reviews`);
        expect(response.statusCode).toBe(404);
        expect(response.json().detail).toBe(reviewMessages.listingNotFound);
      }
      for (const account of [agent, admin]) {
        const response = await call(account, 'GET', `/api/v1/listings/${listing}/reviews`);
        expect(response.statusCode).toBe(200);
        expect(ids(response.json())).toEqual([written]);
      }
    }
  });

  it('answers 400 for a malformed id or cursor, 404 for an unknown listing', async () => {
    expect((await call(reviewer, 'GET', '/api/v1/listings/nope/reviews')).statusCode).toBe(400);
    const badCursor = await call(
      reviewer,
      'GET',
      `/api/v1/listings/${publicListing}/reviews?cursor=abc`,
    );
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().errors).toEqual([
      { path: 'cursor', message: 'The page cursor is not valid.', messageCode: 'cursor.invalid' },
    ]);
    const forged = Buffer.from(
      JSON.stringify(["'; drop table reviews; --", randomUUID()]),
    ).toString('base64url');
    expect(
      (await call(reviewer, 'GET', `/api/v1/listings/${publicListing}/reviews?cursor=${forged}`))
        .statusCode,
    ).toBe(400);
    expect((await call(admin, 'GET', `/api/v1/listings/${randomUUID()}/reviews`)).statusCode).toBe(
      404,
    );
  });
});

describe('my reviews and all reviews', () => {
  it("a user sees only their own reviews, newest first, whatever the listing's state", async () => {
    const writer = await createAccount(t, 'user');
    const first = await createListing(t, agent);
    const second = await createListing(t, otherAgent);
    const a = (await postReview(writer, first, validReview)).json().id;
    const b = (await postReview(writer, second, validReview)).json().id;
    await postReview(otherUser, first, validReview);
    await t.database.db
      .update(review)
      .set({ createdAt: new Date('2025-01-01') })
      .where(eq(review.id, a));

    const mine = await call(writer, 'GET', '/api/v1/reviews/mine');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      items: [expect.objectContaining({ id: b }), expect.objectContaining({ id: a })],
      nextCursor: null,
    });

    const paged = (await call(writer, 'GET', '/api/v1/reviews/mine?limit=1')).json();
    expect(ids(paged)).toEqual([b]);
    const rest = (
      await call(writer, 'GET', `/api/v1/reviews/mine?limit=1&cursor=${paged.nextCursor}`)
    ).json();
    expect(rest).toEqual({ items: [expect.objectContaining({ id: a })], nextCursor: null });

    const newcomer = await createAccount(t, 'user');
    expect((await call(newcomer, 'GET', '/api/v1/reviews/mine')).json()).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('a user asks for their review of one listing: it, or nothing', async () => {
    const writer = await createAccount(t, 'user');
    const reviewed = await createListing(t, agent);
    const unreviewed = await createListing(t, agent);
    const id = (await postReview(writer, reviewed, validReview)).json().id;
    await postReview(writer, publicListing, validReview); // another of mine, left out
    await postReview(otherUser, unreviewed, validReview);

    const mineOf = (listingId: string) =>
      call(writer, 'GET', `/api/v1/reviews/mine?listingId=${listingId}`);
    expect((await mineOf(reviewed)).json()).toEqual({
      items: [expect.objectContaining({ id, listing: expect.objectContaining({ id: reviewed }) })],
      nextCursor: null,
    });
    // Another reviewer's review of the listing is not mine.
    expect((await mineOf(unreviewed)).json()).toEqual({ items: [], nextCursor: null });

    const refused = await mineOf('not-an-id');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Unknown listing id.');
  });

  it('an admin sees every review, including those of listings no longer public', async () => {
    const hidden = await createListing(t, agent, { delistedAt: new Date() });
    const hiddenReview = await insertReview(hidden, otherUser.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string }[]; nextCursor: string | null } = (
        await call(admin, 'GET', `/api/v1/reviews?limit=3${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor);
    const everything = await t.database.db.select({ id: review.id }).from(review);
    expect(seen.length).toBe(everything.length);
    expect(new Set(seen)).toEqual(new Set(everything.map((r) => r.id)));
    expect(seen).toContain(hiddenReview);
  });
});

describe('deleting a review', () => {
  async function writeReview(account: TestAccount) {
    const listing = await createListing(t, agent);
    const response = await postReview(account, listing, validReview);
    return { listing, id: response.json().id as string };
  }
  const exists = async (id: string) =>
    (await t.database.db.select().from(review).where(eq(review.id, id))).length === 1;
  const auditOf = (id: string) =>
    t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));

  it('a user deletes their own review, and may then review the listing again', async () => {
    const { listing, id } = await writeReview(reviewer);
    expect((await call(reviewer, 'DELETE', `/api/v1/reviews/${id}`)).statusCode).toBe(204);
    expect(await exists(id)).toBe(false);
    expect(await auditOf(id)).toEqual([]);
    expect((await call(reviewer, 'DELETE', `/api/v1/reviews/${id}`)).statusCode).toBe(404);
    expect((await postReview(reviewer, listing, validReview)).statusCode).toBe(201);
  });

  it("another user's review is 404 for a user, and stays", async () => {
    const { id } = await writeReview(otherUser);
    const response = await call(reviewer, 'DELETE', `/api/v1/reviews/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe(reviewMessages.reviewNotFound);
    expect(await exists(id)).toBe(true);
  });

  it('an admin deletes any review, on the audit record', async () => {
    const { listing, id } = await writeReview(otherUser);
    expect((await call(admin, 'DELETE', `/api/v1/reviews/${id}`)).statusCode).toBe(204);
    expect(await exists(id)).toBe(false);
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorName: 'Admin Ayesha',
        action: 'review.deleted',
        targetType: 'review',
        details: { listingId: listing, reviewerId: otherUser.id, rating: validReview.rating },
      }),
    ]);
    expect((await call(admin, 'DELETE', `/api/v1/reviews/${id}`)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id', async () => {
    const response = await call(admin, 'DELETE', '/api/v1/reviews/42');
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Unknown review id.');
  });
});
