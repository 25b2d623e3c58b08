import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createListing } from '../../test/factories.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../test/test-app.ts';

// Sessions and answers are cached per process (ADR 6). These pin down that a cached answer
// is served again, and that no change, made here or by another process, is ever missed.

let t: TestApp;
let agent: TestAccount;
let user: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  [agent, user, admin] = await Promise.all([
    createAccount(t, 'agent', { name: 'Agent Karim' }),
    createAccount(t, 'user'),
    createAccount(t, 'admin'),
  ]);
});
afterAll(() => t.close());

const get = (url: string, account: TestAccount | null, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(account ? { cookie: account.cookie } : {}) },
  });

const titlesAt = async (url: string, account: TestAccount = user) =>
  ((await get(url, account)).json().items as { title: string }[]).map((item) => item.title);

/** A response's headers but its Date, which says when it was sent. */
const apartFromDate = ({ date: _, ...headers }: Record<string, unknown>) => headers;

/** Asks until `check` passes: another process's change arrives moments after its commit. */
async function eventually(check: () => Promise<void>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe('cached answers', () => {
  it('serves a repeated browse from the cache, byte for byte, with its ETag and compressed', async () => {
    const location = 'Cache Lane, Khulna';
    await createListing(t, agent, { location, title: 'Cached flat' });
    const url = `/api/v1/listings?location=${encodeURIComponent(location)}`;
    // Announcements of the writes above may still be on their way; they would (rightly)
    // make the first answer stale.
    await t.app.caches.caughtUp();

    const first = await get(url, user);
    const hitsBefore = t.app.caches.responses().hits;
    const second = await get(url, user);
    expect(t.app.caches.responses().hits).toBe(hitsBefore + 1);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['cache-control']).toBe('private, no-cache');
    expect(second.body).toBe(first.body);
    // Security headers, ETag, length and all: a kept answer is written past the onSend hooks.
    expect(apartFromDate(second.headers)).toEqual(apartFromDate(first.headers));

    const revalidated = await get(url, user, { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    // A page of cards is above the compression threshold only with enough of them.
    for (let n = 0; n < 8; n += 1) await createListing(t, agent, { location });
    await t.app.caches.caughtUp();
    const compressedFirst = await get(url, user, { 'accept-encoding': 'gzip, br' });
    const hitsBeforeCompressed = t.app.caches.responses().hits;
    const compressed = await get(url, user, { 'accept-encoding': 'gzip, br' });
    expect(t.app.caches.responses().hits).toBe(hitsBeforeCompressed + 1);
    expect(apartFromDate(compressed.headers)).toEqual(apartFromDate(compressedFirst.headers));
    const plain = await get(url, user);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
  });

  it('reads afresh for a request with Cache-Control: no-cache, and keeps that answer', async () => {
    const location = 'Fresh Answer Lane, Sylhet';
    const id = await createListing(t, agent, { location, title: 'First' });
    const url = `/api/v1/listings?location=${encodeURIComponent(location)}`;
    await t.app.caches.caughtUp();
    expect(await titlesAt(url)).toEqual(['First']);
    const hitsBefore = t.app.caches.responses().hits;
    expect(await titlesAt(url, user)).toEqual(['First']);
    expect(t.app.caches.responses().hits).toBe(hitsBefore + 1);
    await get(url, user, { 'cache-control': 'max-age=0, no-cache' });
    expect(t.app.caches.responses().hits).toBe(hitsBefore + 1);

    // Changed elsewhere: the request need not wait for the announcement to see it.
    await t.sqlFromElsewhere('update listings set title = $1 where id = $2', ['Second', id]);
    const fresh = await get(url, user, { 'cache-control': 'no-cache' });
    expect(fresh.json().items.map((item: { title: string }) => item.title)).toEqual(['Second']);

    await t.app.caches.caughtUp();
    const again = await get(url, user);
    expect(again.json().items.map((item: { title: string }) => item.title)).toEqual(['Second']);
  });

  it('still asks who is calling: a cached page is no answer for a visitor', async () => {
    await get('/api/v1/listings', user);
    expect((await get('/api/v1/listings', null)).statusCode).toBe(401);
  });

  it('shows a write made through this process at once', async () => {
    const location = 'Fresh Road, Rajshahi';
    const pending = await createListing(t, agent, { location, status: 'pending' });
    const url = `/api/v1/listings?location=${encodeURIComponent(location)}`;
    expect(await titlesAt(url)).toEqual([]);

    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/v1/listings/${pending}/verify`,
      headers: { cookie: admin.cookie, origin: 'http://localhost:3000' },
    });
    expect(verified.statusCode).toBe(200);
    expect(await titlesAt(url)).toHaveLength(1);
  });

  it("hears another process's change to a listing, its agent, or a review", async () => {
    const location = 'Elsewhere Street, Barishal';
    const id = await createListing(t, agent, { location, title: 'Before' });
    const url = `/api/v1/listings?location=${encodeURIComponent(location)}`;
    expect(await titlesAt(url)).toEqual(['Before']);
    expect((await get(`/api/v1/listings/${id}`, user)).json().agent.name).toBe('Agent Karim');
    expect((await get(`/api/v1/listings/${id}/reviews`, user)).json().items).toEqual([]);

    await t.sqlFromElsewhere('update listings set title = $1 where id = $2', ['After', id]);
    await eventually(async () => expect(await titlesAt(url)).toEqual(['After']));

    await t.sqlFromElsewhere('update users set name = $1 where id = $2', [
      'Agent Rahman',
      agent.id,
    ]);
    await eventually(async () =>
      expect((await get(`/api/v1/listings/${id}`, user)).json().agent.name).toBe('Agent Rahman'),
    );

    await t.sqlFromElsewhere(
      `insert into reviews (listing_id, reviewer_id, rating, text) values ($1, $2, 5, 'Lovely')`,
      [id, user.id],
    );
    await eventually(async () =>
      expect((await get(`/api/v1/listings/${id}/reviews`, user)).json().items).toHaveLength(1),
    );
  });

  it('ends a session another process ended, and a demotion another process made', async () => {
    const someone = await createAccount(t, 'agent');
    expect((await get('/api/v1/me', someone)).json().role).toBe('agent');

    await t.sqlFromElsewhere(`update users set role = 'user' where id = $1`, [someone.id]);
    await eventually(async () =>
      expect((await get('/api/v1/me', someone)).json().role).toBe('user'),
    );

    await t.sqlFromElsewhere('delete from sessions where user_id = $1', [someone.id]);
    await eventually(async () => expect((await get('/api/v1/me', someone)).statusCode).toBe(401));
  });

  it("keeps a participant's conversation reads until another process changes the thread; never an admin's", async () => {
    const listingId = await createListing(t, agent);
    const id = randomUUID();
    await t.sqlFromElsewhere(
      'insert into conversations (id, listing_id, buyer_id, agent_id) values ($1, $2, $3, $4)',
      [id, listingId, user.id, agent.id],
    );
    const inbox = async () =>
      ((await get('/api/v1/conversations', user)).json().items as Record<string, unknown>[]).find(
        (item) => item.id === id,
      );
    const messages = async (account: TestAccount) =>
      ((await get(`/api/v1/conversations/${id}/messages`, account)).json().items ?? []) as {
        text: string;
      }[];
    await eventually(async () => expect(await inbox()).toMatchObject({ unreadCount: 0 }));
    // The insert's announcement may still be on its way: it would (rightly) forget the inbox.
    await t.app.caches.caughtUp();
    await inbox();

    const hitsBefore = t.app.caches.responses().hits;
    expect(await inbox()).toMatchObject({ unreadCount: 0, closed: false });
    expect(t.app.caches.responses().hits).toBe(hitsBefore + 1);
    expect(await messages(user)).toEqual([]);

    await t.sqlFromElsewhere(
      `insert into messages (conversation_id, sender_id, body) values ($1, $2, 'Still available')`,
      [id, agent.id],
    );
    await eventually(async () => expect(await inbox()).toMatchObject({ unreadCount: 1 }));
    expect((await messages(user)).map((message) => message.text)).toEqual(['Still available']);

    await t.sqlFromElsewhere('update conversations set last_reported_at = now() where id = $1', [
      id,
    ]);
    await eventually(async () => expect(await messages(admin)).toHaveLength(1));
    const hitsBeforeAdmin = t.app.caches.responses().hits;
    await messages(admin);
    expect(t.app.caches.responses().hits).toBe(hitsBeforeAdmin);

    await t.sqlFromElsewhere('update conversations set closed_at = now() where id = $1', [id]);
    await eventually(async () => expect(await inbox()).toMatchObject({ closed: true }));
  });

  it("keeps a buyer's view of a listing they bought to themselves", async () => {
    const id = await createListing(t, agent, { soldAt: new Date() });
    await t.sqlFromElsewhere(
      `insert into offers (listing_id, buyer_id, amount, deadline, status, paid_at)
       values ($1, $2, 5000, current_date + 7, 'paid', now())`,
      [id, user.id],
    );
    const other = await createAccount(t, 'user');
    expect((await get(`/api/v1/listings/${id}`, user)).statusCode).toBe(200);
    expect((await get(`/api/v1/listings/${id}`, user)).statusCode).toBe(200);
    expect((await get(`/api/v1/listings/${id}`, other)).statusCode).toBe(404);
  });
});

/** A change feed of the test's own that records what it is told ('everything' for a flush). */
async function listenAndRecord() {
  const heard: string[] = [];
  const feed = await t.database.listenForChanges({
    changed: (table) => heard.push(table),
    changedEverything: () => heard.push('everything'),
    lost: () => {},
    resumed: () => {},
  });
  return { heard, feed };
}

describe('the change feed', () => {
  it("tells of each committed change once, this process's own writes included", async () => {
    const { heard, feed } = await listenAndRecord();
    const listingsHeard = () => heard.filter((table) => table === 'listings').length;
    try {
      // On PostgreSQL a write through this process's pool is heard on the writing
      // connection, before the write resolves; the feed's connection, which hears it too,
      // must not tell of it again (it would forget the answers read in between).
      const id = await createListing(t, agent, { location: 'Feed Road, Sylhet' });
      await feed.caughtUp();
      expect(listingsHeard()).toBe(1);
      // Another process's write is heard once, through the feed.
      await t.sqlFromElsewhere('update listings set title = $1 where id = $2', ['Heard', id]);
      await feed.caughtUp();
      expect(listingsHeard()).toBe(2);
      expect(heard).not.toContain('everything');
    } finally {
      await feed.close();
    }
  });
});

describe('a write forgets only the answers read from the tables it changed', () => {
  const post = (url: string, account: TestAccount, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: account.cookie, origin: 'http://localhost:3000' },
      payload,
    });

  it("keeps browse and details cached through wishlist and review writes, and shows the writer's own write at once", async () => {
    const location = 'Precise Road, Sylhet';
    const [wished, reviewed] = [
      await createListing(t, agent, { location }),
      await createListing(t, agent, { location }),
    ];
    const writer = await createAccount(t, 'user');
    const browseUrl = `/api/v1/listings?location=${encodeURIComponent(location)}`;
    const detailsUrl = `/api/v1/listings/${reviewed}`;
    const reviewsUrl = `/api/v1/listings/${reviewed}/reviews`;
    // Announcements of the listings above may still be on their way (PostgreSQL).
    await t.app.caches.caughtUp();

    const browsed = await get(browseUrl, user);
    const details = await get(detailsUrl, user);
    expect((await get('/api/v1/wishlist', writer)).json().items).toEqual([]);
    expect((await get(reviewsUrl, writer)).json().items).toEqual([]);

    /** Browse and details are answered from the cache: the same bytes, counted as hits. */
    const stillCached = async () => {
      const hits = t.app.caches.responses().hits;
      const [again, detailsAgain] = [await get(browseUrl, user), await get(detailsUrl, user)];
      expect(t.app.caches.responses().hits).toBe(hits + 2);
      expect(again.headers.etag).toBe(browsed.headers.etag);
      expect(detailsAgain.body).toBe(details.body);
    };

    // wishlist_items: the writer's wishlist shows the listing on the very next read.
    expect((await post('/api/v1/wishlist', writer, { listingId: wished })).statusCode).toBe(201);
    const wishlist = (await get('/api/v1/wishlist', writer)).json().items as {
      listing: { id: string };
    }[];
    expect(wishlist.map((item) => item.listing.id)).toEqual([wished]);
    await stillCached();

    // reviews: the listing's reviews show it on the very next read.
    const review = { rating: 4, text: 'Quiet street, good light.' };
    expect((await post(reviewsUrl, writer, review)).statusCode).toBe(201);
    expect((await get(reviewsUrl, writer)).json().items).toHaveLength(1);
    expect((await get(reviewsUrl, user)).json().items).toHaveLength(1);
    await stillCached();

    // The writes' announcements, arriving after them, forget no more than the writes did.
    await t.app.caches.caughtUp();
    await stillCached();

    // A write to a table browse reads forgets browse, at once.
    const verified = await createListing(t, agent, { location, status: 'pending' });
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/listings/${verified}/verify`,
      headers: { cookie: admin.cookie, origin: 'http://localhost:3000' },
    });
    expect(approved.statusCode).toBe(200);
    expect(await titlesAt(browseUrl)).toHaveLength(3);
  });
});

// Only a PostgreSQL server has a connection to lose; PGlite runs inside the process.
if (inject('databaseTarget').driver === 'postgres') {
  describe('when the change feed is down', () => {
    it('trusts no cached answer until it listens again, then caches again', async () => {
      const url = '/api/v1/listings/latest';
      const agentNames = async () =>
        ((await get(url, null)).json().items as { agent: { name: string } }[]).map(
          (item) => item.agent.name,
        );
      await createListing(t, agent);
      await agentNames();
      await t.sqlFromElsewhere(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = 'basha-change-feed' and datname = current_database()`,
      );
      await eventually(async () => expect(t.app.caches.responses().listening).toBe(false));

      // Changed while nobody listens: no announcement of it will ever arrive.
      await t.sqlFromElsewhere(`update users set name = 'Agent Offline' where id = $1`, [agent.id]);
      expect(await agentNames()).toContain('Agent Offline');

      await eventually(async () => expect(t.app.caches.responses().listening).toBe(true), 5000);
      const hits = t.app.caches.responses().hits;
      await agentNames();
      expect(await agentNames()).toContain('Agent Offline');
      expect(t.app.caches.responses().hits).toBe(hits + 1);
    });
  });

  describe('when a pool connection is lost', () => {
    it('forgets everything: a write on it may have committed unheard, and the feed skips it', async () => {
      const { heard, feed } = await listenAndRecord();
      try {
        await createListing(t, agent); // so the pool has a connection open
        await t.sqlFromElsewhere(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where application_name = '' and datname = current_database()
             and pid <> pg_backend_pid()`,
        );
        await eventually(async () => expect(heard).toContain('everything'));
      } finally {
        await feed.close();
      }
    });
  });
}
