import { afterAll, beforeAll, expect, it } from 'vitest';
import { createListing } from '../../../../test/factories.ts';
import { createAccount, createTestApp, type TestApp } from '../../../../test/test-app.ts';

// On PostgreSQL every API process counts All Properties' searches from its own memory of the
// listings' facts (ADR 33): another process's writes reach it on a listening connection
// moments after their commit; while that connection is down the database counts, and once it
// is back memory reads everything again. (Its own writes: several-processes.postgres.test.ts.)

let t: TestApp;
let agentId: string;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  agentId = (await createAccount(t, 'agent')).id;
  cookie = (await createAccount(t, 'user')).cookie;
});
afterAll(() => t.close());

/** How many public listings the location search counts; `query` makes each ask new (no cached answer). */
const counted = (query: string) =>
  t.app
    .inject({ url: `/api/v1/listings/counts?${query}`, headers: { cookie } })
    .then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { total: number }).total;
    });

it("follows another process's writes within a second", async () => {
  const id = await createListing(
    t,
    { id: agentId },
    {
      location: 'Elsewhere Road 1, Dhaka',
      status: 'verified',
      priceMin: 5_000_000,
      priceMax: 5_500_000,
    },
  );
  expect(await counted('location=Elsewhere')).toBe(1);

  // Another process's statements are announced on the feed alone, after their commit.
  await t.sqlFromElsewhere('update listings set price_min = 1000 where id = $1', [id]);
  await expect.poll(() => counted('location=Elsewhere&maxPrice=2000'), { timeout: 1000 }).toBe(1);
  await t.sqlFromElsewhere("update listings set status = 'rejected' where id = $1", [id]);
  await expect.poll(() => counted('location=Elsewhere&minPrice=1'), { timeout: 1000 }).toBe(0);
});

it('lets the database count while its listening connection is down, and reads everything again after', async () => {
  await createListing(
    t,
    { id: agentId },
    {
      location: 'Dropped Lane 1, Dhaka',
      status: 'verified',
      priceMin: 3_000_000,
      priceMax: 3_500_000,
    },
  );
  expect(await counted('location=Dropped')).toBe(1);

  await t.sqlFromElsewhere(
    "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'basha-listing-feed' and datname = current_database()",
  );
  // The process notices the dropped connection moments later; then a write nobody hears.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await t.sqlFromElsewhere(
    "update listings set location = 'Moved Lane 1, Dhaka' where location = 'Dropped Lane 1, Dhaka'",
  );
  // Every answer has it: the database's while memory does not listen, then memory's, read
  // whole again once it listens again (a second after the drop).
  const until = Date.now() + 2500;
  for (let n = 1; Date.now() < until; n += 1) {
    expect(await counted(`location=Moved&minPrice=${n}`)).toBe(1);
    expect(await counted(`location=Dropped&minPrice=${n}`)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
