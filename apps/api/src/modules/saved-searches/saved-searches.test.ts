import {
  type Notification,
  NotificationPageSchema,
  SAVED_SEARCHES_MAX,
  SavedSearchListSchema,
} from '@basha/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../../test/factories.ts';
import { dueJobsRan } from '../../../test/jobs-settled.ts';
import { as } from '../../../test/payments-test-kit.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-test-server.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { listing, savedSearch } from '../../db/schema.ts';
import { nextDigestTime, SAVED_SEARCH_DIGEST_JOB } from './saved-search.jobs.ts';

let smtp: TestSmtpServer;
let t: TestApp;
let agent: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Basha <alerts@basha.test>' });
  agent = await createAccount(t, 'agent');
  admin = await createAccount(t, 'admin');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function save(account: TestAccount, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/me/saved-searches',
    headers: as(account),
    payload,
  });
}

async function savedSearchesOf(account: TestAccount) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/me/saved-searches',
    headers: as(account),
  });
  expect(response.statusCode, response.body).toBe(200);
  return SavedSearchListSchema.parse(response.json()).items;
}

async function matchesOf(account: TestAccount): Promise<Notification[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/me/notifications',
    headers: as(account),
  });
  return NotificationPageSchema.parse(response.json()).items.filter(
    (entry) => entry.kind === 'savedSearchMatch',
  );
}

/** The admin verifies a pending listing through the API, as in Manage Properties. */
async function verify(listingId: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/listings/${listingId}/verify`,
    headers: as(admin),
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('saved searches', () => {
  it('keep the search as All Properties sends it, read by its schema, with a name and a frequency', async () => {
    const owner = await createAccount(t, 'user');
    const created = await save(owner, {
      name: '  Gulshan under 1 crore ',
      search: { location: 'Gulshan', maxPrice: '10000000', types: 'apartment', cursor: 'x' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Gulshan under 1 crore',
      frequency: 'instant',
      search: { location: 'Gulshan', maxPrice: 10000000, types: ['apartment'], sort: 'newest' },
    });
    expect(created.json().search).not.toHaveProperty('cursor');
    expect(await savedSearchesOf(owner)).toEqual([created.json()]);
  });

  it('rename, change frequency and delete; nobody sees or touches another’s (404)', async () => {
    const owner = await createAccount(t, 'user');
    const stranger = await createAccount(t, 'user');
    const { id } = (await save(owner, { name: 'Banani', search: { location: 'Banani' } })).json();

    expect(await savedSearchesOf(stranger)).toEqual([]);
    for (const [method, payload] of [
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await t.app.inject({
        method,
        url: `/api/v1/me/saved-searches/${id}`,
        headers: as(stranger),
        ...(payload ? { payload } : {}),
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().messageCode).toBe('savedSearch.notFound');
    }

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/me/saved-searches/${id}`,
      headers: as(owner),
      payload: { name: 'Banani flats', frequency: 'daily' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id, name: 'Banani flats', frequency: 'daily' });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/saved-searches/${id}`,
      headers: as(owner),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await savedSearchesOf(owner)).toEqual([]);
  });

  it('refuse a bad name, frequency or search with a problem, keeping nothing', async () => {
    const owner = await createAccount(t, 'user');
    for (const [payload, code] of [
      [{ name: ' ', search: {} }, 'savedSearch.nameRequired'],
      [{ name: 'x'.repeat(81), search: {} }, 'savedSearch.nameTooLong'],
      [{ name: 'Cheap', search: {}, frequency: 'hourly' }, 'savedSearch.frequencyInvalid'],
      [
        { name: 'Upside down', search: { minPrice: '9000', maxPrice: '10' } },
        'listing.filterPriceRange',
      ],
      [{ name: 'Nowhere', search: { division: 'atlantis' } }, 'listingLocation.divisionUnknown'],
    ] as const) {
      const response = await save(owner, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(JSON.stringify(response.json())).toContain(code);
    }
    expect(await savedSearchesOf(owner)).toEqual([]);
  });

  it('refuse the same search saved again (409, naming the first), keeping one', async () => {
    const owner = await createAccount(t, 'user');
    const first = await save(owner, {
      name: 'Gulshan flats',
      search: { location: 'Gulshan', types: 'apartment', minBedrooms: '3' },
    });
    expect(first.statusCode, first.body).toBe(201);
    // The same filters in another order, under another name, with the default order stated.
    const again = await save(owner, {
      name: 'Flats again',
      search: { minBedrooms: '3', sort: 'newest', types: 'apartment', location: 'Gulshan' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      detail: 'You already saved this search as “Gulshan flats”.',
      messageCode: 'savedSearch.duplicate',
    });
    expect(await savedSearchesOf(owner)).toHaveLength(1);
    // Another filter is another search; another account may keep the same one.
    const wider = await save(owner, {
      name: 'Gulshan, any size',
      search: { location: 'Gulshan', types: 'apartment' },
    });
    expect(wider.statusCode, wider.body).toBe(201);
    const someoneElse = await createAccount(t, 'user');
    const theirs = await save(someoneElse, {
      name: 'Mine too',
      search: { location: 'Gulshan', types: 'apartment', minBedrooms: '3' },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
  });

  it(`keep at most ${SAVED_SEARCHES_MAX} per account (409)`, async () => {
    const owner = await createAccount(t, 'user');
    await t.database.db.insert(savedSearch).values(
      Array.from({ length: SAVED_SEARCHES_MAX }, (_, i) => ({
        userId: owner.id,
        name: `Search ${i}`,
        search: { location: 'Nowhere at all' },
      })),
    );
    const response = await save(owner, { name: 'One more', search: {} });
    expect(response.statusCode).toBe(409);
    expect(response.json().messageCode).toBe('savedSearch.tooMany');
  });
});

describe('announcing matches', () => {
  it('verifying a matching listing gives one notification and one instant email; a revision re-verified announces nothing again', async () => {
    const owner = await createAccount(t, 'user');
    await save(owner, { name: 'Gulshan', search: { location: 'gulshan', maxPrice: '9000' } });
    const matching = await createListing(t, agent, {
      status: 'pending',
      title: 'Lake view flat',
      location: 'Gulshan 2, Dhaka',
    });
    const elsewhere = await createListing(t, agent, {
      status: 'pending',
      title: 'Uttara flat',
      location: 'Uttara, Dhaka',
    });
    const tooDear = await createListing(t, agent, {
      status: 'pending',
      title: 'Gulshan penthouse',
      location: 'Gulshan 1, Dhaka',
      priceMin: 20000,
      priceMax: 30000,
    });
    for (const id of [matching, elsewhere, tooDear]) await verify(id);
    await dueJobsRan(t);

    const told = await matchesOf(owner);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      listingId: matching,
      params: { searchName: 'Gulshan', listingTitle: 'Lake view flat' },
      link: `/propertyDetails/${matching}`,
    });
    await until(() => smtp.to(owner.email).length === 1);
    expect(smtp.to(owner.email)[0]?.mail.subject).toBe(
      'Basha: New match for your saved search "Gulshan": "Lake view flat".',
    );

    // A revision sends the listing back to Pending; the admin verifies it again.
    await t.database.db.update(listing).set({ status: 'pending' }).where(eq(listing.id, matching));
    await verify(matching);
    await dueJobsRan(t);
    expect(await matchesOf(owner)).toHaveLength(1);
    expect(smtp.to(owner.email)).toHaveLength(1);
  });

  it('never announces a listing to its own agent’s searches, nor a search deleted since', async () => {
    const owner = await createAccount(t, 'user');
    await t.database.db
      .insert(savedSearch)
      .values({ userId: agent.id, name: 'My own', search: { location: 'Mirpur' } });
    const { id } = (await save(owner, { name: 'Mirpur', search: { location: 'Mirpur' } })).json();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/saved-searches/${id}`,
      headers: as(owner),
    });
    const listingId = await createListing(t, agent, { status: 'pending', location: 'Mirpur 10' });
    await verify(listingId);
    await dueJobsRan(t);
    expect(await matchesOf(owner)).toEqual([]);
    expect(await matchesOf(agent)).toEqual([]);
  });

  it('the daily digest at 09:00 Dhaka groups the day’s matches into one email, in the owner’s language', async () => {
    const owner = await createAccount(t, 'user');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me/email-preferences',
      headers: as(owner),
      payload: { language: 'bn' },
    });
    await save(owner, { name: 'Dhanmondi', search: { location: 'Dhanmondi' }, frequency: 'daily' });
    await save(owner, { name: 'Cheap', search: { maxPrice: '4000' }, frequency: 'daily' });
    const first = await createListing(t, agent, {
      status: 'pending',
      title: 'Dhanmondi lake flat',
      location: 'Dhanmondi 27',
    });
    const second = await createListing(t, agent, {
      status: 'pending',
      title: 'Small Dhanmondi flat',
      location: 'Dhanmondi 4',
      priceMin: 3000,
      priceMax: 3500,
    });
    await verify(first);
    await verify(second);
    await dueJobsRan(t);
    // Told in the bell at once, by email only in the digest.
    expect(await matchesOf(owner)).toHaveLength(3);
    expect(smtp.to(owner.email)).toEqual([]);

    // The digest's hour comes: the scheduled job falls due.
    const [scheduled] = await t.database.jobQuery(
      `select key, run_at from jobs where name = $1 and completed_at is null`,
      [SAVED_SEARCH_DIGEST_JOB],
    );
    const { at, day } = nextDigestTime(new Date());
    expect(scheduled?.key).toBe(`${SAVED_SEARCH_DIGEST_JOB}:${day}`);
    expect(new Date(String(scheduled?.run_at))).toEqual(at);
    await t.sqlFromElsewhere('update jobs set run_at = now() where key = $1', [scheduled?.key]);
    await until(() => smtp.to(owner.email).length === 1, 15_000);
    await dueJobsRan(t);

    const [digest, ...more] = smtp.to(owner.email);
    expect(more).toEqual([]);
    expect(digest?.mail.subject).toBe('বাসা: আপনার সংরক্ষিত অনুসন্ধানের 3টি নতুন মিল');
    const text = digest?.mail.text ?? '';
    expect(text).toContain('সংরক্ষিত অনুসন্ধান "Cheap"\n• Small Dhanmondi flat');
    expect(text).toMatch(
      /সংরক্ষিত অনুসন্ধান "Dhanmondi"\n• Dhanmondi lake flat\n.*\n• Small Dhanmondi flat/,
    );
    expect(digest?.mail.messageId).toBe(
      `<saved-search-digest-email.${day}.${owner.id}@basha.test>`,
    );
    // The next day's digest is scheduled; today's matches are not sent again.
    const [next] = await t.database.jobQuery(
      `select key from jobs where name = $1 and completed_at is null`,
      [SAVED_SEARCH_DIGEST_JOB],
    );
    expect(next?.key).not.toBe(scheduled?.key);
  });
});
