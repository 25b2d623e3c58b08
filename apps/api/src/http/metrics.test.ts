import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const TOKEN = 'metrics-token-for-the-tests-0123';
let testApp: TestApp | undefined;

afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

/** The value of one sample in Prometheus' text format, e.g. `name{a="b"} 3`. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('GET /api/metrics', () => {
  it('does not exist when METRICS_TOKEN is unset', async () => {
    testApp = await createTestApp();
    const { app } = testApp;
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const response = await app.inject({
        url: '/api/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('refuses a missing or wrong bearer token', async () => {
    testApp = await createTestApp({ METRICS_TOKEN: TOKEN });
    const { app } = testApp;
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await app.inject({
        url: '/api/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('counts requests by route pattern and status, with cache, pool and process figures', async () => {
    testApp = await createTestApp({ METRICS_TOKEN: TOKEN });
    const { app } = testApp;
    const id = '00000000-0000-4000-8000-000000000000';
    for (let n = 0; n < 3; n += 1) {
      expect((await app.inject({ url: '/api/v1/listings/latest' })).statusCode).toBe(200);
    }
    expect((await app.inject({ url: `/api/v1/listings/${id}` })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/no-such-route' })).statusCode).toBe(404);

    const response = await app.inject({
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    const count = (labels: string) => sample(text, 'http_request_duration_seconds_count', labels);
    expect(count('method="GET",route="/api/v1/listings/latest",status_code="200"')).toBe(3);
    // The pattern, never the URL a caller typed.
    expect(count('method="GET",route="/api/v1/listings/:id",status_code="401"')).toBe(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('no-such-route');
    expect(count('method="GET",route="(unmatched)",status_code="404"')).toBeGreaterThanOrEqual(1);
    // The first browse was answered by the database, the next two from the cache.
    expect(text).toMatch(/^basha_response_cache_hits_total 2$/m);
    expect(text).toMatch(/^basha_response_cache_misses_total \d+$/m);
    expect(sample(text, 'basha_db_pool_connections', 'state="total"')).toBeGreaterThanOrEqual(1);
    if (testApp.database.driver === 'postgres') {
      expect(sample(text, 'basha_db_pool_connections', 'state="idle"')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'basha_db_pool_connections', 'state="waiting"')).toBe(0);
    }
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
  });

  it('shows the job queue by state, read at the scrape, and the pid of the process that answered', async () => {
    testApp = await createTestApp({ METRICS_TOKEN: TOKEN });
    const { database } = testApp;
    const scrape = async () => {
      const response = await testApp?.app.inject({
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      return response?.body ?? '';
    };
    const jobs = (text: string, state: string) => sample(text, 'basha_jobs', `state="${state}"`);
    const before = await scrape();
    expect(before).toMatch(new RegExp(`^basha_process_pid ${process.pid}$`, 'm'));

    // No runner has a handler for these names: they stay where they are put.
    await database.jobQuery(
      `insert into jobs (name, payload, run_at, attempts, max_attempts) values
         ('no-runner-knows-it', '{}', now() - interval '1 minute', 0, 10),
         ('no-runner-knows-it', '{}', now() - interval '1 minute', 0, 10),
         ('no-runner-knows-it', '{}', now() + interval '1 day', 0, 10),
         ('no-runner-knows-it', '{}', now(), 3, 3)`,
      [],
    );
    const after = await scrape();
    expect((jobs(after, 'waiting') ?? 0) - (jobs(before, 'waiting') ?? 0)).toBe(2);
    expect((jobs(after, 'scheduled') ?? 0) - (jobs(before, 'scheduled') ?? 0)).toBe(1);
    expect((jobs(after, 'failed') ?? 0) - (jobs(before, 'failed') ?? 0)).toBe(1);
    expect(jobs(after, 'running')).toBeGreaterThanOrEqual(0);
  });
});
