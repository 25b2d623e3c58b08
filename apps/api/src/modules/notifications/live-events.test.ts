import { type Notification, NotificationSchema } from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type ApiProcess,
  killStartedApis,
  startTwoApisOn,
  WITH_PROCESSES_MS,
} from '../../../test/api-process.ts';
import { openEventStream } from '../../../test/event-stream.ts';
import { createListing } from '../../../test/factories.ts';
import {
  APP_ORIGIN,
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { shutDown } from '../../http/graceful-shutdown.ts';

let t: TestApp;
let base: string;
let agent: TestAccount;
let buyer: TestAccount;
let admin: TestAccount;

const METRICS_TOKEN = 'metrics-token-for-the-live-tests-01';

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN });
  base = await listen(t.app);
  agent = await createAccount(t, 'agent');
  buyer = await createAccount(t, 'user');
  admin = await createAccount(t, 'admin');
});
afterAll(() => t.close());

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}

const streamOf = (account: TestAccount, headers: Record<string, string> = {}) =>
  openEventStream(`${base}/api/v1/me/events`, { cookie: account.cookie, ...headers });

/** A buyer reviews a fresh listing of the agent's: the agent is told (one notification). */
async function reviewForAgent(title = 'Reviewed flat'): Promise<void> {
  const listingId = await createListing(t, agent, { title });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/listings/${listingId}/reviews`,
    headers: { cookie: buyer.cookie },
    payload: { rating: 5, text: 'Lovely.' },
  });
  expect(response.statusCode, response.body).toBe(201);
}

const parsed = (data: string): Notification => NotificationSchema.parse(JSON.parse(data));

describe('the live event stream', () => {
  it('opens for a signed-in tab, uncompressed and unbuffered, and delivers a new notification', async () => {
    const stream = await streamOf(agent, { 'accept-encoding': 'br, gzip' });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('content-encoding')).toBeNull();
    // A fresh stream starts now: what was told before is on the bell, not replayed.
    await reviewForAgent('Dhanmondi flat');
    const event = await stream.nth(1, 2000);
    expect(event.event).toBe('notification');
    const notification = parsed(event.data);
    expect(notification).toMatchObject({
      kind: 'reviewReceived',
      params: { listingTitle: 'Dhanmondi flat', rating: 5 },
    });
    expect(event.id).toBe(String(notification.sequence));
    expect(stream.events).toHaveLength(1);
    stream.close();
  });

  it('are counted in /api/metrics while open', async () => {
    const openNow = async () => {
      const scrape = await t.app.inject({
        url: '/api/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const line = scrape.body.split('\n').find((l) => l.startsWith('basha_live_streams '));
      return Number(line?.split(' ').at(-1));
    };
    // The earlier tests' streams, closed by their clients, are let go as the server notices.
    await until(async () => (await openNow()) === 0);
    const stream = await streamOf(buyer);
    expect(await openNow()).toBe(1);
    stream.close();
    await until(async () => (await openNow()) === 0);
  });

  it("reaches only the recipient's own streams", async () => {
    const theirs = await streamOf(buyer);
    const mine = await streamOf(agent);
    await reviewForAgent();
    await mine.nth(1);
    // The agent's event went out; had the buyer's stream been sent it, it would be there too.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(theirs.events).toEqual([]);
    theirs.close();
    mine.close();
  });

  it('replays what a reconnecting tab missed after its Last-Event-ID, each event once', async () => {
    const first = await streamOf(agent);
    await reviewForAgent('Before the cut');
    const seen = await first.nth(1);
    first.close();

    await reviewForAgent('Missed one');
    await reviewForAgent('Missed two');
    const again = await streamOf(agent, { 'last-event-id': seen.id as string });
    await again.nth(2);
    await reviewForAgent('Live after');
    await again.nth(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(again.events.map((e) => parsed(e.data).params.listingTitle)).toEqual([
      'Missed one',
      'Missed two',
      'Live after',
    ]);
    const ids = again.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    again.close();
  });

  it('two tabs of one account each get every event once', async () => {
    const [one, two] = await Promise.all([streamOf(agent), streamOf(agent)]);
    await reviewForAgent('For both tabs');
    await Promise.all([one.nth(1), two.nth(1)]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(one.events).toHaveLength(1);
    expect(two.events).toHaveLength(1);
    one.close();
    two.close();
  });

  it('closes when its session signs out', async () => {
    const person = await createAccount(t, 'user');
    const stream = await streamOf(person);
    expect(stream.status).toBe(200);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: person.cookie },
    });
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    await expect(Promise.race([stream.ended.then(() => 'ended'), timeout(5000)])).resolves.toBe(
      'ended',
    );
    // And it cannot be opened again with that cookie.
    expect((await streamOf(person)).status).toBe(401);
  });

  it('closes when the account is deleted, and when its role changes', async () => {
    const deleted = await createAccount(t, 'user');
    const promoted = await createAccount(t, 'user');
    const [gone, changed] = await Promise.all([streamOf(deleted), streamOf(promoted)]);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/users/${deleted.id}`,
          headers: { cookie: admin.cookie },
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/users/${promoted.id}/role`,
          headers: { cookie: admin.cookie },
          payload: { role: 'agent' },
        })
      ).statusCode,
    ).toBe(200);
    const outcome = (s: typeof gone) => Promise.race([s.ended.then(() => 'ended'), timeout(5000)]);
    await expect(outcome(gone)).resolves.toBe('ended');
    await expect(outcome(changed)).resolves.toBe('ended');
  });

  it('refuses anonymous callers (401) and a Last-Event-ID it never sent (400), as problems', async () => {
    const anonymous = await openEventStream(`${base}/api/v1/me/events`);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(await anonymous.text()).messageCode).toBe('access.logIn');
    for (const wrong of ['abc', '-1', '1.5', '9'.repeat(30)]) {
      const refused = await streamOf(agent, { 'last-event-id': wrong });
      expect(refused.status, wrong).toBe(400);
      const problem = JSON.parse(await refused.text());
      expect(problem.errors[0].messageCode).toBe('notification.unknownEventId');
    }
  });
});

describe('shutting down with streams open', () => {
  it('ends them at once instead of waiting out the shutdown timeout', async () => {
    const other = await createTestApp();
    const otherBase = await listen(other.app);
    const person = await createAccount(other, 'user');
    const streams = await Promise.all(
      [1, 2, 3].map(() =>
        openEventStream(`${otherBase}/api/v1/me/events`, { cookie: person.cookie }),
      ),
    );
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const started = Date.now();
    await shutDown(other.app, 20_000);
    expect(Date.now() - started).toBeLessThan(3000);
    await Promise.all(streams.map((s) => s.ended));
    await other.close();
  });
});

// Several processes share one database only on a PostgreSQL server.
if (inject('databaseTarget').driver === 'postgres') {
  describe('two API processes on one PostgreSQL database', () => {
    let shared: TestApp;
    let one: ApiProcess;
    let two: ApiProcess;

    beforeAll(async () => {
      shared = await createTestApp({ JOBS: 'separate' });
      [one, two] = await startTwoApisOn(shared, { JOBS: 'separate' });
    }, WITH_PROCESSES_MS);
    afterAll(async () => {
      killStartedApis();
      await shared?.close();
    });

    it('a stream on process 1 receives within 1 s what process 2 wrote, and replays what it missed once', async () => {
      const listingAgent = await createAccount(shared, 'agent');
      const reviewer = await createAccount(shared, 'user');
      const reviewOn = async (api: ApiProcess, title: string) => {
        const listingId = await createListing(shared, listingAgent, { title });
        const response = await fetch(
          `http://127.0.0.1:${api.port}/api/v1/listings/${listingId}/reviews`,
          {
            method: 'POST',
            headers: {
              cookie: reviewer.cookie,
              origin: APP_ORIGIN,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ rating: 4, text: 'Seen from the other process.' }),
          },
        );
        expect(response.status, await response.text()).toBe(201);
      };
      const streamOn = (api: ApiProcess, headers: Record<string, string> = {}) =>
        openEventStream(`http://127.0.0.1:${api.port}/api/v1/me/events`, {
          cookie: listingAgent.cookie,
          ...headers,
        });

      const stream = await streamOn(one);
      expect(stream.status).toBe(200);
      const written = Date.now();
      await reviewOn(two, 'Written on process 2');
      const event = await stream.nth(1, 1000);
      expect(Date.now() - written).toBeLessThan(1000);
      expect(parsed(event.data).params.listingTitle).toBe('Written on process 2');
      stream.close();

      // Cut: two events are written while no stream is open, then it reconnects elsewhere.
      await reviewOn(one, 'Missed A');
      await reviewOn(two, 'Missed B');
      const again = await streamOn(two, { 'last-event-id': event.id as string });
      await again.nth(2);
      await reviewOn(one, 'Live C');
      await again.nth(3, 1000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(again.events.map((e) => parsed(e.data).params.listingTitle)).toEqual([
        'Missed A',
        'Missed B',
        'Live C',
      ]);
      again.close();
    });

    it('a message posted through process 2 reaches the agent’s stream on process 1 within 1 s', async () => {
      const listingAgent = await createAccount(shared, 'agent');
      const buyer = await createAccount(shared, 'user');
      const listingId = await createListing(shared, listingAgent, { title: 'Asked about' });
      const postOnTwo = (url: string, body: object) =>
        fetch(`http://127.0.0.1:${two.port}${url}`, {
          method: 'POST',
          headers: { cookie: buyer.cookie, origin: APP_ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const started = await postOnTwo('/api/v1/conversations', { listingId });
      expect(started.status, await started.clone().text()).toBe(201);
      const { id: conversationId } = (await started.json()) as { id: string };

      const stream = await openEventStream(`http://127.0.0.1:${one.port}/api/v1/me/events`, {
        cookie: listingAgent.cookie,
      });
      expect(stream.status).toBe(200);
      const posted = Date.now();
      const sent = await postOnTwo(`/api/v1/conversations/${conversationId}/messages`, {
        text: 'Is the flat still available?',
      });
      expect(sent.status, await sent.clone().text()).toBe(201);
      const event = await stream.nth(1, 1000);
      expect(Date.now() - posted).toBeLessThan(1000);
      expect(parsed(event.data)).toMatchObject({
        kind: 'messageReceived',
        params: { listingTitle: 'Asked about', conversationId },
      });
      stream.close();
    });
  });
}

function timeout(ms: number): Promise<string> {
  return new Promise((resolve) => setTimeout(() => resolve('timed out'), ms));
}
