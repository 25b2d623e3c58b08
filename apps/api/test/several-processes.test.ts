// Several API processes on one PostgreSQL database (ADR 21): behind one port with
// WEB_CONCURRENCY, and as two machines behind a load balancer run it, where what one of them
// is told the other honours. Each process is the compiled server (`node dist/server.js`).
// Refusing more than one process on the embedded database is tested on either database.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { todayInDhaka } from '@basha/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { OFFER_EXPIRY_JOB } from '../src/modules/offers/offer-expiry.job.ts';
import {
  type ApiProcess,
  buildApi,
  killStartedApis,
  startApi,
  untilReady,
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

const TOKEN = 'metrics-token-for-the-tests-0123';

beforeAll(() => buildApi());
afterAll(() => killStartedApis());

describe('WEB_CONCURRENCY', () => {
  it('is 1 unless set, and takes a whole number of processes', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    const url = 'postgres://basha@db.internal/basha';
    expect(loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: url }).webConcurrency).toBe(4);
    for (const wrong of ['0', '1.5', 'many']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: wrong, DATABASE_URL: url })).toThrow(
        /WEB_CONCURRENCY/,
      );
    }
  });

  it('above 1 on the embedded database refuses to start and says why, naming DATABASE_URL', async () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(ConfigError);
    const dataDir = fs.mkdtempSync('/tmp/basha-concurrency-');
    const api = await startApi({ WEB_CONCURRENCY: '2', DATA_DIR: dataDir });
    expect(await api.exited).toBe(1);
    expect(api.output()).toContain('WEB_CONCURRENCY: more than 1 needs DATABASE_URL');
    expect(api.output()).toContain('PGlite');
    // It stopped before opening the database: nothing was created.
    expect(fs.readdirSync(dataDir)).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

// Several processes share one database only on a PostgreSQL server.
if (inject('databaseTarget').driver === 'postgres') {
  describe('WEB_CONCURRENCY=2 on PostgreSQL', { timeout: WITH_PROCESSES_MS }, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ JOBS: 'separate' });
    });
    afterAll(() => t.close());

    it('answers on one port from two processes, children of the first, replaces one killed, and stops on SIGTERM with exit 0', async () => {
      const api = await startApi({
        WEB_CONCURRENCY: '2',
        DATABASE_URL: t.databaseUrl as string,
        METRICS_TOKEN: TOKEN,
        // Both workers start together: the advisory lock lets one seed, the other waits.
        DEMO_DATA: 'true',
        LOG_LEVEL: 'info',
      });
      await untilReady(api);

      /** The pids that answer scrapes, until `wanted` is satisfied (for at most 20 s). */
      const pidsAnswering = async (wanted: (seen: Set<number>) => boolean) => {
        const seen = new Set<number>();
        const deadline = Date.now() + 20_000;
        while (!wanted(seen) && Date.now() < deadline) {
          // A new connection each time: the primary hands connections to its workers in turn.
          const scrape = await fetch(`http://127.0.0.1:${api.port}/api/metrics`, {
            headers: { authorization: `Bearer ${TOKEN}`, connection: 'close' },
            signal: AbortSignal.timeout(5_000),
          });
          expect(scrape.status).toBe(200);
          seen.add(Number(/^basha_process_pid (\d+)$/m.exec(await scrape.text())?.[1]));
          if (seen.size > 0) await sleep(50);
        }
        return seen;
      };
      const pids = await pidsAnswering((seen) => seen.size >= 2);
      expect(pids.size).toBe(2);
      for (const pid of pids) {
        expect(pid).not.toBe(api.child.pid);
        expect(parentOf(pid)).toBe(api.child.pid);
      }
      // A worker killed outright is replaced, and its replacement answers on the same port.
      const [killed] = pids;
      process.kill(killed as number, 'SIGKILL');
      // Once the primary has seen it die: a connection it handed over in that instant is lost
      // with the process, as with any process killed outright.
      await until(() => api.output().includes('an API process died'));
      const after = await pidsAnswering((seen) => [...seen].some((pid) => !pids.has(pid)));
      const replacement = [...after].find((pid) => !pids.has(pid)) as number;
      expect(replacement).toBeDefined();
      expect(parentOf(replacement)).toBe(api.child.pid);
      expect(after.has(killed as number)).toBe(false);
      pids.delete(killed as number);
      pids.add(replacement);

      // Both processes made sure of the demo data, one after the other: one seeded it, the
      // other found it there.
      const seeding = api
        .output()
        .split('\n')
        .filter((line) => line.includes('"demo data ready"'))
        .map((line) => JSON.parse(line) as { accountsCreated: number; marketplace: string });
      // (The replacement did the same, later.)
      expect(seeding.map((s) => s.marketplace).sort()).toEqual([
        'already-seeded',
        'already-seeded',
        'seeded',
      ]);
      for (const later of seeding.filter((s) => s.marketplace === 'already-seeded')) {
        expect(later.accountsCreated).toBe(0);
      }
      const browse = await fetch(`http://127.0.0.1:${api.port}/api/v1/listings/latest`);
      expect(browse.status).toBe(200);
      expect(((await browse.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);

      api.child.kill('SIGTERM');
      expect(await api.exited).toBe(0);
      for (const pid of pids) expect(isRunning(pid)).toBe(false);
    });

    it('answers /api/metrics with the whole port: requests served by either process are counted in one scrape', async () => {
      const api = await startApi({
        WEB_CONCURRENCY: '2',
        DATABASE_URL: t.databaseUrl as string,
        METRICS_TOKEN: TOKEN,
      });
      await untilReady(api);
      const scrape = async () => {
        const answer = await fetch(`http://127.0.0.1:${api.port}/api/metrics`, {
          headers: { authorization: `Bearer ${TOKEN}`, connection: 'close' },
          signal: AbortSignal.timeout(10_000),
        });
        expect(answer.status).toBe(200);
        return answer.text();
      };
      const healthCount = (text: string) =>
        Number(
          /^http_request_duration_seconds_count\{[^}]*route="\/api\/health"[^}]*status_code="200"[^}]*\} (\d+)$/m.exec(
            text,
          )?.[1] ?? 0,
        );
      // Both processes listen before the requests: each scrape says how many it aggregates.
      await until(async () => /^basha_api_processes 2$/m.test(await scrape()), 20_000);

      // A new connection each time: the primary hands connections to its workers in turn.
      const REQUESTS = 20;
      for (let n = 0; n < REQUESTS; n += 1) {
        const health = await fetch(`http://127.0.0.1:${api.port}/api/health`, {
          headers: { connection: 'close' },
        });
        expect(health.status).toBe(200);
      }

      // Whichever process answers the scrape, it counts every request of the port.
      const answeredBy = new Set<number>();
      const deadline = Date.now() + 20_000;
      while (answeredBy.size < 2 && Date.now() < deadline) {
        const text = await scrape();
        expect(healthCount(text)).toBe(REQUESTS);
        expect(text).toMatch(/^basha_api_processes 2$/m);
        answeredBy.add(Number(/^basha_process_pid (\d+)$/m.exec(text)?.[1]));
      }
      expect(answeredBy.size).toBe(2);

      api.child.kill('SIGTERM');
      expect(await api.exited).toBe(0);
    });

    it('stops with exit 1 when its processes keep dying, rather than restarting them for ever', async () => {
      const api = await startApi({
        WEB_CONCURRENCY: '2',
        // A database that does not exist: every worker fails as it starts.
        DATABASE_URL: `${(t.databaseUrl as string).replace(/\/[^/]*$/, '')}/basha_no_such_database`,
      });
      expect(await api.exited).toBe(1);
      expect(api.output()).toContain('died 6 times within 60 s; stopping');
    });
  });
}

/** The parent pid of a process, from /proc (Linux). */
function parentOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** How soon the other process must honour a change (issue 20). */
const AGREE_WITHIN_MS = 1_000;

// Two processes share one database only on a PostgreSQL server.
if (inject('databaseTarget').driver === 'postgres') {
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
      const env = {
        DATABASE_URL: t.databaseUrl as string,
        DATA_DIR: t.dataDir,
        DEMO_DATA: 'false',
        JOBS: 'in-process',
        PUBLIC_URL: APP_ORIGIN,
        SIGNUP_MAX_PER_ADDRESS: '100000',
        ...s3.env,
      };
      [one, other] = await Promise.all([startApi(env), startApi(env)]);
      await Promise.all([untilReady(one), untilReady(other)]);
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

    it('show a listing verified through one in the browse answer of the other within 1 s', async () => {
      const agent = await createAccount(t, 'agent');
      const reader = await createAccount(t, 'user');
      const listingId = await createListing(t, agent, { status: 'pending' });
      const browsed = async () => {
        const page = await call(other, 'GET', '/api/v1/listings', { cookie: reader.cookie });
        expect(page.status).toBe(200);
        return (page.json.items as { id: string }[]).some((item) => item.id === listingId);
      };
      // Read once before, so the other process has the answer without it in its cache.
      expect(await browsed()).toBe(false);

      const verified = await call(one, 'POST', `/api/v1/listings/${listingId}/verify`, {
        cookie: admin.cookie,
      });
      expect(verified.status).toBe(200);
      await until(browsed, AGREE_WITHIN_MS);
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
        const [row] = await t.database.jobQuery('select status from offers where id = $1', [
          offerId,
        ]);
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
}

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
