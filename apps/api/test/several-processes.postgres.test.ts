// Two API processes on one PostgreSQL database (ADR 21), as two machines behind a load
// balancer run it: what one of them is told the other honours within 1 s. Each process is the
// compiled server (`node dist/server.js`, built by test/global-setup.ts). One port shared by
// several processes (WEB_CONCURRENCY) is test/web-concurrency.test.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import { todayInDhaka } from '@basha/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_EXPIRY_JOB } from '../src/modules/offers/offer-expiry.job.ts';
import {
  type ApiProcess,
  killStartedApis,
  startTwoApisOn,
  WITH_PROCESSES_MS,
} from './api-process.ts';
import { createListing } from './factories.ts';
import { acceptedOffer, expiryIn, paymentsOf } from './payments-test-kit.ts';
import { startTestS3, type TestS3 } from './s3-server.ts';
import {
  APP_ORIGIN,
  createAccount,
  createTestApp,
  samplePhoto,
  signUpForm,
  type TestAccount,
  type TestApp,
} from './test-app.ts';
import { until } from './until.ts';

afterAll(() => killStartedApis());

/** How soon the other process must honour a change (issue 20). */
const AGREE_WITHIN_MS = 1_000;

describe('two API processes on one PostgreSQL database', { timeout: WITH_PROCESSES_MS }, () => {
  let t: TestApp;
  let s3: TestS3;
  let one: ApiProcess;
  let other: ApiProcess;
  let admin: TestAccount;

  beforeAll(async () => {
    // The test's own app prepares data (accounts, listings) and runs no jobs.
    t = await createTestApp({ JOBS: 'separate' });
    s3 = await startTestS3();
    [one, other] = await startTwoApisOn(t, {
      JOBS: 'in-process',
      SIGNUP_MAX_PER_ADDRESS: '100000',
      ...s3.env,
    });
    admin = await createAccount(t, 'admin');
  }, WITH_PROCESSES_MS);
  afterAll(async () => {
    killStartedApis();
    await s3?.close();
    await t?.close();
  });

  it('honour on one a session made on the other, and its logout and role change within 1 s', async () => {
    const person = await createAccount(t, 'user');
    const session = await logInOn(one, person);
    expect((await call(other, 'GET', '/api/v1/me', { cookie: session })).json.role).toBe('user');
    const mine = () => call(other, 'GET', '/api/v1/listings/mine', { cookie: session });
    expect((await mine()).status).toBe(403);

    const promoted = await call(one, 'PATCH', `/api/v1/users/${person.id}/role`, {
      cookie: admin.cookie,
      json: { role: 'agent' },
    });
    expect(promoted.status).toBe(200);
    await until(async () => (await mine()).status === 200, AGREE_WITHIN_MS);

    expect((await call(one, 'POST', '/api/auth/sign-out', { cookie: session })).status).toBe(200);
    await until(
      async () => (await call(other, 'GET', '/api/v1/me', { cookie: session })).status === 401,
      AGREE_WITHIN_MS,
    );
  });

  it('count failed logins across both: alternated wrong passwords are slowed as one count', async () => {
    const person = await createAccount(t, 'user');
    const statuses: number[] = [];
    // 5 failures are free (LOGIN_FAILURES_BEFORE_DELAY); each process alone sees 3 or fewer.
    for (let n = 0; n < 6; n += 1) {
      const api = n % 2 === 0 ? one : other;
      const tried = await call(api, 'POST', '/api/auth/sign-in/email', {
        json: { email: person.email, password: `Wrong@${n}xyz` },
      });
      statuses.push(tried.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('show a listing verified through one in its counts at once, and in the browse answer and counts of the other within 1 s', async () => {
    const agent = await createAccount(t, 'agent');
    const reader = await createAccount(t, 'user');
    const listingId = await createListing(t, agent, { status: 'pending' });
    const browsed = async () => {
      const page = await call(other, 'GET', '/api/v1/listings', { cookie: reader.cookie });
      expect(page.status).toBe(200);
      return (page.json.items as { id: string }[]).some((item) => item.id === listingId);
    };
    // The counts come from each process's memory of the listings (ADR 33).
    const countedBy = async (api: typeof one) => {
      const counts = await call(api, 'GET', '/api/v1/listings/counts', { cookie: reader.cookie });
      expect(counts.status).toBe(200);
      return counts.json.total as number;
    };
    // Read once before, so the other process has the answers without it in its cache.
    expect(await browsed()).toBe(false);
    const before = await countedBy(other);
    expect(await countedBy(one)).toBe(before);

    const verified = await call(one, 'POST', `/api/v1/listings/${listingId}/verify`, {
      cookie: admin.cookie,
    });
    expect(verified.status).toBe(200);
    expect(await countedBy(one)).toBe(before + 1);
    await until(browsed, AGREE_WITHIN_MS);
    await until(async () => (await countedBy(other)) === before + 1, AGREE_WITHIN_MS);
  });

  it("show a wishlist add and a review made through one to its writer at once, and in the other's cached answers within 1 s", async () => {
    const agent = await createAccount(t, 'agent');
    const writer = await createAccount(t, 'user');
    const listingId = await createListing(t, agent);
    const wishedOn = async (api: ApiProcess) => {
      const wishlist = await call(api, 'GET', '/api/v1/wishlist', { cookie: writer.cookie });
      expect(wishlist.status).toBe(200);
      return (wishlist.json.items as { listing: { id: string } }[]).map((i) => i.listing.id);
    };
    const reviewsOn = async (api: ApiProcess) => {
      const page = await call(api, 'GET', `/api/v1/listings/${listingId}/reviews`, {
        cookie: writer.cookie,
      });
      expect(page.status).toBe(200);
      return page.json.items as unknown[];
    };
    // Read on both first, so both hold the answers without the writes in their caches.
    for (const api of [one, other]) {
      await until(
        async () => (await wishedOn(api)).length === 0 && (await reviewsOn(api)).length === 0,
      );
    }

    const added = await call(one, 'POST', '/api/v1/wishlist', {
      cookie: writer.cookie,
      json: { listingId },
    });
    expect(added.status).toBe(201);
    expect(await wishedOn(one)).toEqual([listingId]);
    await until(async () => (await wishedOn(other)).length === 1, AGREE_WITHIN_MS);

    const reviewed = await call(one, 'POST', `/api/v1/listings/${listingId}/reviews`, {
      cookie: writer.cookie,
      json: { rating: 5, text: 'Bright and quiet.' },
    });
    expect(reviewed.status).toBe(201);
    expect(await reviewsOn(one)).toHaveLength(1);
    await until(async () => (await reviewsOn(other)).length === 1, AGREE_WITHIN_MS);
  });

  it('serve through one a photo uploaded through the other, from the S3 store', async () => {
    const email = `photo-${Date.now()}@example.test`;
    const photo = { bytes: await samplePhoto(), name: 'me.png', type: 'image/png' };
    const form = signUpForm({ name: 'Photo Owner', email, password: 'Passw0rd!x' }, photo);
    const signedUp = await fetch(url(one, '/api/auth/sign-up/email'), {
      method: 'POST',
      headers: { origin: APP_ORIGIN },
      body: form,
    });
    expect(signedUp.status).toBe(201);
    const session = await logInOn(one, { email, password: 'Passw0rd!x' });
    const { photoUrl } = (await call(one, 'GET', '/api/v1/me', { cookie: session })).json;
    expect(photoUrl).toMatch(/^\/media\/profile-photos\//);
    const stored = await s3.bucketKeys();
    expect(stored.some((key) => photoUrl.endsWith(key))).toBe(true);

    const served = await fetch(url(other, photoUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('record once a payment confirmed through both at the same moment', async () => {
    const agent = await createAccount(t, 'agent');
    const buyer = await createAccount(t, 'user');
    const { offerId } = await acceptedOffer(t, agent, buyer);
    const intent = await call(one, 'POST', `/api/v1/offers/${offerId}/payment-intent`, {
      cookie: buyer.cookie,
    });
    expect(intent.status).toBe(200);
    const card = {
      clientSecret: intent.json.clientSecret,
      cardNumber: '4242424242424242',
      expiry: expiryIn(12),
      cvc: '123',
    };
    const confirmations = await Promise.all(
      [one, other, one, other, one, other].map((api) =>
        call(api, 'POST', `/api/v1/offers/${offerId}/payment`, {
          cookie: buyer.cookie,
          json: card,
        }),
      ),
    );
    const statuses = confirmations.map((c) => c.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await paymentsOf(t, offerId)).toHaveLength(1);
  });

  it('run a due job once, not once per process', async () => {
    const agent = await createAccount(t, 'agent');
    const buyer = await createAccount(t, 'user');
    const listingId = await createListing(t, agent);
    const wished = await call(one, 'POST', '/api/v1/wishlist', {
      cookie: buyer.cookie,
      json: { listingId },
    });
    const made = await call(other, 'POST', `/api/v1/wishlist/${wished.json.id}/offer`, {
      cookie: buyer.cookie,
      json: { amount: 5050, deadline: todayInDhaka() },
    });
    expect(made.status).toBe(201);
    const offerId = made.json.id as string;
    const key = `${OFFER_EXPIRY_JOB}:${offerId}`;

    // The deadline day ends now: the deadline becomes yesterday and the job falls due.
    await t.sqlFromElsewhere(
      `with moved as (update offers set deadline = current_date - 2 where id = $1 returning id)
       update jobs set run_at = now() where key = $2`,
      [offerId, key],
    );
    await until(async () => {
      const [row] = await t.database.jobQuery('select status from offers where id = $1', [offerId]);
      return row?.status === 'expired';
    });
    // Long enough for the other process to have polled (and found nothing to run).
    await sleep(1_500);
    const [job] = await t.database.jobQuery(
      'select attempts, completed_at is not null as completed from jobs where key = $1',
      [key],
    );
    expect(job).toEqual({ attempts: 1, completed: true });
  });
});

function url(api: ApiProcess, path: string): string {
  return `http://127.0.0.1:${api.port}${path}`;
}

/** A request as the web app makes it: the app's Origin on writes, the session cookie, JSON. */
async function call(
  api: ApiProcess,
  method: string,
  path: string,
  { cookie, json }: { cookie?: string; json?: unknown } = {},
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in the tests
): Promise<{ status: number; json: any }> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (method !== 'GET') headers.origin = APP_ORIGIN;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url(api, path), {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

async function logInOn(
  api: ApiProcess,
  { email, password }: Pick<TestAccount, 'email' | 'password'>,
): Promise<string> {
  const response = await fetch(url(api, '/api/auth/sign-in/email'), {
    method: 'POST',
    headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.split('=')[0]?.endsWith('session_token'));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0] as string;
}
