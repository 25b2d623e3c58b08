import { afterAll, beforeAll, expect, it } from 'vitest';
import { createListing } from '../../../../test/factories.ts';
import { createAccount, createTestApp, type TestApp } from '../../../../test/test-app.ts';

// On PostgreSQL every API process keeps its own search memory (ADR 33), and another process's
// writes reach it on a listening connection moments after their commit; while that
// connection is down, the database answers, and once it is back memory reads everything again.

let t: TestApp;
let agentId: string;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  agentId = (await createAccount(t, 'agent')).id;
  cookie = (await createAccount(t, 'user')).cookie;
});
afterAll(() => t.close());

const search = (location: string) =>
  t.app
    .inject({ url: `/api/v1/listings?location=${location}`, headers: { cookie } })
    .then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { items: { title: string; price: { min: number } }[] }).items;
    });

it("follows another process's writes within a second", async () => {
  const id = await createListing(
    t,
    { id: agentId },
    {
      title: 'Written here',
      location: 'Elsewhere Road 1, Dhaka',
      status: 'verified',
    },
  );
  expect(await search('Elsewhere')).toMatchObject([{ title: 'Written here' }]);

  // Another process's statements are announced on the feed alone, after their commit.
  await t.sqlFromElsewhere(
    "update listings set title = 'Written elsewhere', price_min = 1000 where id = $1",
    [id],
  );
  await expect
    .poll(() => search('Elsewhere'), { timeout: 1000, interval: 50 })
    .toMatchObject([{ title: 'Written elsewhere', price: { min: 1000 } }]);
  await t.sqlFromElsewhere("update listings set status = 'rejected' where id = $1", [id]);
  await expect.poll(() => search('Elsewhere'), { timeout: 1000, interval: 50 }).toEqual([]);
});

it('lets the database answer while its listening connection is down, and reads everything again after', async () => {
  await createListing(
    t,
    { id: agentId },
    {
      title: 'Before the drop',
      location: 'Dropped Lane 1, Dhaka',
      status: 'verified',
    },
  );
  expect(await search('Dropped')).toMatchObject([{ title: 'Before the drop' }]);

  await t.sqlFromElsewhere(
    "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'basha-listing-feed' and datname = current_database()",
  );
  // The process notices the dropped connection moments later; then a write nobody hears.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await t.sqlFromElsewhere(
    "update listings set title = 'Renamed during the drop' where location = 'Dropped Lane 1, Dhaka'",
  );
  // Every answer has it: the database's while memory does not listen, then memory's, read
  // whole again once it listens again (a second after the drop). Each asks something new, so
  // no answer comes from the response cache.
  const until = Date.now() + 2500;
  for (let n = 0; Date.now() < until; n += 1) {
    expect(await search(`Dropped&minPrice=${n + 1}`)).toMatchObject([
      { title: 'Renamed during the drop' },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
