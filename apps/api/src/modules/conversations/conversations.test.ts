import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../../test/factories.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { auditLog, rateLimitCounter } from '../../db/schema.ts';

let t: TestApp;
let agent: TestAccount;
let otherAgent: TestAccount;
let admin: TestAccount;
let buyer: TestAccount;
let otherBuyer: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  agent = await createAccount(t, 'agent', { name: 'Agent Babul' });
  otherAgent = await createAccount(t, 'agent');
  admin = await createAccount(t, 'admin');
  buyer = await createAccount(t, 'user', { name: 'Buyer Chaity' });
  otherBuyer = await createAccount(t, 'user');
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

async function start(account: TestAccount, listingId: string): Promise<string> {
  const response = await call(account, 'POST', '/api/v1/conversations', { listingId });
  expect([200, 201], response.body).toContain(response.statusCode);
  return response.json().id;
}

async function send(account: TestAccount, conversationId: string, text: string) {
  return call(account, 'POST', `/api/v1/conversations/${conversationId}/messages`, { text });
}

/** Each test's sender starts with a fresh rate-limit window. */
async function forgetSends(account: TestAccount) {
  await t.database.db
    .delete(rateLimitCounter)
    .where(eq(rateLimitCounter.key, `message:account:${account.id}`));
}

describe('starting a conversation', () => {
  it('opens one thread per user and listing: a second start returns the same one', async () => {
    const listingId = await createListing(t, agent, { title: 'Lake view flat' });
    const first = await call(buyer, 'POST', '/api/v1/conversations', { listingId });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      listing: { id: listingId, title: 'Lake view flat' },
      buyer: { id: buyer.id, name: 'Buyer Chaity' },
      agent: { id: agent.id, name: 'Agent Babul' },
      viewerSide: 'buyer',
      lastMessage: null,
      unreadCount: 0,
      closed: false,
      reportedByViewerAt: null,
    });
    const again = await call(buyer, 'POST', '/api/v1/conversations', { listingId });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
  });

  it('five concurrent starts of the same thread end in one conversation', async () => {
    const listingId = await createListing(t, agent);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(otherBuyer, 'POST', '/api/v1/conversations', { listingId }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
  });

  it('refuses a listing the user may not see with 404, and your own listing with 409', async () => {
    const pending = await createListing(t, agent, { status: 'pending' });
    const hidden = await call(buyer, 'POST', '/api/v1/conversations', { listingId: pending });
    expect(hidden.statusCode).toBe(404);
    const own = await createListing(t, agent);
    const mine = await call(agent, 'POST', '/api/v1/conversations', { listingId: own });
    expect(mine.statusCode).toBe(409);
    expect(mine.json().messageCode).toBe('conversation.notYourself');
  });
});

describe('talking', () => {
  it('delivers both ways, counts unread for the other side, and clears it on read', async () => {
    await forgetSends(buyer);
    await forgetSends(agent);
    const listingId = await createListing(t, agent);
    const id = await start(buyer, listingId);
    const sent = await send(buyer, id, '  Is the flat still available?  ');
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      conversationId: id,
      sender: { id: buyer.id, name: 'Buyer Chaity' },
      fromViewer: true,
      text: 'Is the flat still available?',
    });

    const inbox = (await call(agent, 'GET', '/api/v1/conversations')).json();
    const inInbox = inbox.items.find((c: { id: string }) => c.id === id);
    expect(inInbox).toMatchObject({
      viewerSide: 'agent',
      unreadCount: 1,
      lastMessage: { text: 'Is the flat still available?', fromViewer: false },
    });

    expect((await send(agent, id, 'Yes, come on Friday.')).statusCode).toBe(201);
    const read = await call(agent, 'POST', `/api/v1/conversations/${id}/read`);
    expect(read.json().unreadCount).toBe(0);

    const buyerView = (await call(buyer, 'GET', `/api/v1/conversations/${id}`)).json();
    expect(buyerView).toMatchObject({
      unreadCount: 1,
      lastMessage: { text: 'Yes, come on Friday.' },
    });
    const messages = (await call(buyer, 'GET', `/api/v1/conversations/${id}/messages`)).json();
    expect(messages.items.map((m: { text: string }) => m.text)).toEqual([
      'Yes, come on Friday.',
      'Is the flat still available?',
    ]);
    expect(messages.nextCursor).toBeNull();
  });

  it("reading a thread reads its 'new message' notifications, and no other thread's", async () => {
    await forgetSends(buyer);
    // The bell's number: nothing else notifies the agent while this test runs.
    const unreadMessageNotes = async () =>
      (await call(agent, 'GET', '/api/v1/me/notifications/unread-count')).json().unread as number;
    const first = await start(buyer, await createListing(t, agent));
    const second = await start(buyer, await createListing(t, agent));
    const before = await unreadMessageNotes();
    for (const text of ['Hello?', 'Is it available?', 'Can I visit?']) {
      expect((await send(buyer, first, text)).statusCode).toBe(201);
    }
    expect((await send(buyer, second, 'And this one?')).statusCode).toBe(201);
    expect(await unreadMessageNotes()).toBe(before + 4);

    expect((await call(agent, 'POST', `/api/v1/conversations/${first}/read`)).statusCode).toBe(200);
    expect(await unreadMessageNotes()).toBe(before + 1);
  });

  it('pages messages newest first with a cursor', async () => {
    await forgetSends(buyer);
    const id = await start(buyer, await createListing(t, agent));
    for (const text of ['one', 'two', 'three']) {
      expect((await send(buyer, id, text)).statusCode).toBe(201);
    }
    const first = (await call(buyer, 'GET', `/api/v1/conversations/${id}/messages?limit=2`)).json();
    expect(first.items.map((m: { text: string }) => m.text)).toEqual(['three', 'two']);
    const second = (
      await call(
        buyer,
        'GET',
        `/api/v1/conversations/${id}/messages?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`,
      )
    ).json();
    expect(second.items.map((m: { text: string }) => m.text)).toEqual(['one']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses empty and over-long messages with 400 and writes nothing', async () => {
    const id = await start(buyer, await createListing(t, agent));
    const empty = await send(buyer, id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].messageCode).toBe('conversation.textRequired');
    const long = await send(buyer, id, 'a'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].messageCode).toBe('conversation.textTooLong');
    expect((await send(buyer, id, 'a'.repeat(2000))).statusCode).toBe(201);
    const messages = (await call(buyer, 'GET', `/api/v1/conversations/${id}/messages`)).json();
    expect(messages.items).toHaveLength(1);
  });

  it('keeps other people out: another user and another agent get 404', async () => {
    const id = await start(buyer, await createListing(t, agent));
    for (const stranger of [otherBuyer, otherAgent, admin]) {
      expect((await call(stranger, 'GET', `/api/v1/conversations/${id}`)).statusCode).toBe(404);
      expect((await call(stranger, 'GET', `/api/v1/conversations/${id}/messages`)).statusCode).toBe(
        404,
      );
    }
    expect((await send(otherBuyer, id, 'hello')).statusCode).toBe(404);
    const list = (await call(otherBuyer, 'GET', '/api/v1/conversations')).json();
    expect(list.items.some((c: { id: string }) => c.id === id)).toBe(false);
  });

  it('limits sending to 20 a minute per account: the 21st gets 429 with a message code', async () => {
    await forgetSends(otherBuyer);
    const id = await start(otherBuyer, await createListing(t, agent));
    for (let i = 1; i <= 20; i += 1) {
      expect((await send(otherBuyer, id, `message ${i}`)).statusCode).toBe(201);
    }
    const over = await send(otherBuyer, id, 'one too many');
    expect(over.statusCode).toBe(429);
    expect(over.json().messageCode).toBe('conversation.tooMany');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    await forgetSends(otherBuyer);
  });
});

describe('closed conversations', () => {
  it("a fraud agent's threads stay readable and refuse new messages with 409", async () => {
    const shady = await createAccount(t, 'agent');
    await forgetSends(buyer);
    const id = await start(buyer, await createListing(t, shady));
    expect((await send(buyer, id, 'Hello?')).statusCode).toBe(201);
    expect((await call(admin, 'POST', `/api/v1/users/${shady.id}/fraud`)).statusCode).toBe(200);
    const refused = await send(buyer, id, 'Are you there?');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().messageCode).toBe('conversation.closed');
    const thread = (await call(buyer, 'GET', `/api/v1/conversations/${id}/messages`)).json();
    expect(thread.items.map((m: { text: string }) => m.text)).toEqual(['Hello?']);
    expect((await call(buyer, 'GET', `/api/v1/conversations/${id}`)).json().closed).toBe(true);
  });

  it('a fraud-marked agent cannot start or send as a buyer (403 with a message code, nothing written) but still reads', async () => {
    const shady = await createAccount(t, 'agent');
    await forgetSends(shady);
    const id = await start(shady, await createListing(t, otherAgent));
    expect((await send(shady, id, 'Is it still available?')).statusCode).toBe(201);
    expect((await call(admin, 'POST', `/api/v1/users/${shady.id}/fraud`)).statusCode).toBe(200);

    const anotherListing = await createListing(t, otherAgent);
    const refusedStart = await call(shady, 'POST', '/api/v1/conversations', {
      listingId: anotherListing,
    });
    expect(refusedStart.statusCode).toBe(403);
    expect(refusedStart.json().messageCode).toBe('conversation.fraudSender');
    const refusedSend = await send(shady, id, 'Pay the deposit to my bKash');
    expect(refusedSend.statusCode).toBe(403);
    expect(refusedSend.json().messageCode).toBe('conversation.fraudSender');

    const mine = (await call(shady, 'GET', '/api/v1/conversations')).json();
    expect(mine.items.map((c: { id: string }) => c.id)).toEqual([id]);
    const thread = (await call(shady, 'GET', `/api/v1/conversations/${id}/messages`)).json();
    expect(thread.items.map((m: { text: string }) => m.text)).toEqual(['Is it still available?']);
    const agentsView = (
      await call(otherAgent, 'GET', `/api/v1/conversations/${id}/messages`)
    ).json();
    expect(agentsView.items.map((m: { text: string }) => m.text)).toEqual([
      'Is it still available?',
    ]);
  });

  it("a deleted user's messages stay with the agent as sent by nobody, and the thread closes", async () => {
    const leaving = await createAccount(t, 'user');
    const id = await start(leaving, await createListing(t, agent));
    expect((await send(leaving, id, 'I am leaving soon')).statusCode).toBe(201);
    expect((await call(admin, 'DELETE', `/api/v1/users/${leaving.id}`)).statusCode).toBe(204);
    const thread = (await call(agent, 'GET', `/api/v1/conversations/${id}/messages`)).json();
    expect(thread.items[0]).toMatchObject({
      text: 'I am leaving soon',
      sender: { id: null, name: null },
    });
    const summary = (await call(agent, 'GET', `/api/v1/conversations/${id}`)).json();
    expect(summary).toMatchObject({ buyer: { id: null, name: null }, closed: true });
    expect((await send(agent, id, 'Goodbye')).statusCode).toBe(409);
  });
});

describe('reports and moderation', () => {
  it('admins see only reported threads, read them, and close them with an audit entry', async () => {
    await forgetSends(buyer);
    const quiet = await start(buyer, await createListing(t, agent));
    const loud = await start(buyer, await createListing(t, agent));
    expect((await send(buyer, loud, 'Send the deposit to my personal account')).statusCode).toBe(
      201,
    );

    const report = await call(agent, 'POST', `/api/v1/conversations/${loud}/reports`, {
      reason: 'Asks for money outside Basha',
    });
    expect(report.statusCode).toBe(201);
    const again = await call(agent, 'POST', `/api/v1/conversations/${loud}/reports`, {
      reason: 'again',
    });
    expect(again.statusCode).toBe(409);
    const blank = await call(buyer, 'POST', `/api/v1/conversations/${loud}/reports`, {
      reason: ' ',
    });
    expect(blank.statusCode).toBe(400);

    const reported = (await call(admin, 'GET', '/api/v1/admin/conversations/reported')).json();
    const ids = reported.items.map((r: { conversation: { id: string } }) => r.conversation.id);
    expect(ids).toContain(loud);
    expect(ids).not.toContain(quiet);
    expect(
      reported.items.find((r: { conversation: { id: string } }) => r.conversation.id === loud),
    ).toMatchObject({ reportCount: 1, latestReason: 'Asks for money outside Basha' });

    expect((await call(admin, 'GET', `/api/v1/conversations/${quiet}/messages`)).statusCode).toBe(
      404,
    );
    const read = await call(admin, 'GET', `/api/v1/conversations/${loud}/messages`);
    expect(read.statusCode).toBe(200);
    expect(read.json().items[0].text).toBe('Send the deposit to my personal account');

    expect(
      (await call(admin, 'POST', `/api/v1/admin/conversations/${quiet}/close`)).statusCode,
    ).toBe(404);
    const closed = await call(admin, 'POST', `/api/v1/admin/conversations/${loud}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().closed).toBe(true);
    expect(
      (await call(admin, 'POST', `/api/v1/admin/conversations/${loud}/close`)).statusCode,
    ).toBe(409);
    expect((await send(buyer, loud, 'Hello?')).statusCode).toBe(409);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, loud))
      .orderBy(auditLog.createdAt);
    expect(audit).toMatchObject([
      { action: 'conversation.read', targetType: 'conversation', actorId: admin.id },
      { action: 'conversation.closed', targetType: 'conversation', actorId: admin.id },
    ]);
  });

  it('tells the reporter when they reported a thread, in the thread and the inbox; the other side is not told', async () => {
    const id = await start(buyer, await createListing(t, agent));
    const before = (await call(agent, 'GET', `/api/v1/conversations/${id}`)).json();
    expect(before.reportedByViewerAt).toBeNull();
    const report = await call(agent, 'POST', `/api/v1/conversations/${id}/reports`, {
      reason: 'Asks for money outside Basha',
    });
    expect(report.statusCode).toBe(201);
    const reportedAt = report.json().createdAt;

    const thread = (await call(agent, 'GET', `/api/v1/conversations/${id}`)).json();
    expect(thread.reportedByViewerAt).toBe(reportedAt);
    const inbox = (await call(agent, 'GET', '/api/v1/conversations')).json();
    expect(inbox.items.find((c: { id: string }) => c.id === id).reportedByViewerAt).toBe(
      reportedAt,
    );
    // The reported side is not told who reported it, nor that it was.
    const buyerThread = (await call(buyer, 'GET', `/api/v1/conversations/${id}`)).json();
    expect(buyerThread.reportedByViewerAt).toBeNull();
  });

  it("records an admin's reading of a reported thread once per admin, thread and day", async () => {
    const secondAdmin = await createAccount(t, 'admin');
    await forgetSends(buyer);
    const id = await start(buyer, await createListing(t, agent));
    for (const text of ['one', 'two', 'three']) {
      expect((await send(buyer, id, text)).statusCode).toBe(201);
    }
    const readsOf = async () =>
      (
        await t.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.targetId, id))
          .orderBy(auditLog.createdAt)
      ).map((entry) => `${entry.action} ${entry.actorId}`);

    // Before the report the admin cannot read it, and nothing is recorded.
    expect((await call(admin, 'GET', `/api/v1/conversations/${id}/messages`)).statusCode).toBe(404);
    const report = await call(agent, 'POST', `/api/v1/conversations/${id}/reports`, {
      reason: 'Rude',
    });
    expect(report.statusCode).toBe(201);
    // The participants' own reads are not admin looks.
    expect((await call(buyer, 'GET', `/api/v1/conversations/${id}/messages`)).statusCode).toBe(200);
    expect(await readsOf()).toEqual([]);

    // Paging and concurrent polls of the same admin leave one entry; another admin their own.
    const firstPage = (
      await call(admin, 'GET', `/api/v1/conversations/${id}/messages?limit=2`)
    ).json();
    expect(
      (
        await call(
          admin,
          'GET',
          `/api/v1/conversations/${id}/messages?limit=2&cursor=${firstPage.nextCursor}`,
        )
      ).statusCode,
    ).toBe(200);
    const polls = await Promise.all(
      Array.from({ length: 4 }, () => call(admin, 'GET', `/api/v1/conversations/${id}/messages`)),
    );
    expect(polls.map((poll) => poll.statusCode)).toEqual([200, 200, 200, 200]);
    expect(
      (await call(secondAdmin, 'GET', `/api/v1/conversations/${id}/messages`)).statusCode,
    ).toBe(200);
    expect(await readsOf()).toEqual([
      `conversation.read ${admin.id}`,
      `conversation.read ${secondAdmin.id}`,
    ]);

    // The next day, the first read is recorded again.
    await t.database.db
      .update(auditLog)
      .set({ createdAt: sql`${auditLog.createdAt} - interval '1 day'` })
      .where(eq(auditLog.targetId, id));
    expect((await call(admin, 'GET', `/api/v1/conversations/${id}/messages`)).statusCode).toBe(200);
    expect(await readsOf()).toEqual([
      `conversation.read ${admin.id}`,
      `conversation.read ${secondAdmin.id}`,
      `conversation.read ${admin.id}`,
    ]);
  });
});

describe("an agent's phone number", () => {
  it('normalises common input, refuses other text, and shows on the details page', async () => {
    const set = await call(agent, 'PUT', '/api/v1/me/phone', { phone: '01712-345678' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ phone: '+8801712345678' });
    expect((await call(agent, 'GET', '/api/v1/me/phone')).json()).toEqual({
      phone: '+8801712345678',
    });

    const bad = await call(agent, 'PUT', '/api/v1/me/phone', { phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].messageCode).toBe('phone.invalid');

    const listingId = await createListing(t, agent);
    const details = (await call(buyer, 'GET', `/api/v1/listings/${listingId}`)).json();
    expect(details.agentPhone).toBe('+8801712345678');

    expect((await call(agent, 'PUT', '/api/v1/me/phone', { phone: null })).json()).toEqual({
      phone: null,
    });
    expect(
      (await call(buyer, 'PUT', '/api/v1/me/phone', { phone: '01712345678' })).statusCode,
    ).toBe(403);
  });
});
