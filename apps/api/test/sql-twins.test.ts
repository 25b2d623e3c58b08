// Two domain rules are also written in SQL, so the database can filter by them: the status an
// offer shows (offerStatusOf / showsAs) and what makes a listing public (isPublicListing in
// @basha/domain and in listing-visibility.ts). Each SQL twin is run on the database over a
// table of cases and must give the domain function's answer for every one.
import {
  isPublicListing,
  LISTING_STATUSES,
  OFFER_STATUSES,
  offerStatusOf,
  STORED_OFFER_STATUSES,
} from '@basha/domain';
import { and, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listing, offer } from '../src/db/schema.ts';
import { isPublicListing as isPublicListingSql } from '../src/modules/listings/listing-visibility.ts';
import { marketTodayText } from '../src/modules/offers/market-date.ts';
import { showsAs } from '../src/modules/offers/offers.repository.ts';
import { createListing } from './factories.ts';
import { addDays, insertOffer } from './payments-test-kit.ts';
import { createAccount, createTestApp, type TestAccount, type TestApp } from './test-app.ts';

let t: TestApp;
let agent: TestAccount;
let buyer: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  agent = await createAccount(t, 'agent');
  buyer = await createAccount(t, 'user');
});
afterAll(() => t.close());

describe('showsAs is offerStatusOf in SQL', () => {
  it('gives every stored status with a deadline before, on and after today the domain status', async () => {
    // Today as the database sees it, so the comparison is of the rule, not of two clocks.
    const [{ today } = { today: '' }] = await t.database.db
      .select({ today: marketTodayText })
      .from(sql`(select 1) as one`);
    const cases = STORED_OFFER_STATUSES.flatMap((status) =>
      [-1, 0, 1].map((days) => ({ status, deadline: addDays(today, days) })),
    );
    const ids = new Map<string, (typeof cases)[number]>();
    for (const stored of cases) {
      const listingId = await createListing(t, agent);
      ids.set(await insertOffer(t, listingId, buyer, stored), stored);
    }

    // For each status, the offers the SQL twin says show it.
    const showing = new Map<string, string[]>([...ids.keys()].map((id) => [id, []]));
    for (const status of OFFER_STATUSES) {
      const rows = await t.database.db
        .select({ id: offer.id })
        .from(offer)
        .where(and(inArray(offer.id, [...ids.keys()]), showsAs(status)));
      for (const row of rows) showing.get(row.id)?.push(status);
    }

    for (const [id, stored] of ids) {
      expect({ ...stored, shows: showing.get(id) }).toEqual({
        ...stored,
        shows: [offerStatusOf(stored, today)],
      });
    }
  });
});

describe('listing-visibility.ts is isPublicListing in SQL', () => {
  it('gives every status, sold or not, delisted or not, the domain answer', async () => {
    const cases = LISTING_STATUSES.flatMap((status) =>
      [false, true].flatMap((sold) =>
        [false, true].map((delisted) => ({ status, sold, delisted })),
      ),
    );
    const ids = new Map<string, (typeof cases)[number]>();
    for (const listing of cases) {
      const at = new Date();
      const id = await createListing(t, agent, {
        status: listing.status,
        soldAt: listing.sold ? at : null,
        delistedAt: listing.delisted ? at : null,
      });
      ids.set(id, listing);
    }

    const rows = await t.database.db
      .select({ id: listing.id, isPublic: sql<boolean>`coalesce(${isPublicListingSql()}, false)` })
      .from(listing)
      .where(inArray(listing.id, [...ids.keys()]));

    expect(rows).toHaveLength(cases.length);
    for (const row of rows) {
      const listing = ids.get(row.id);
      if (!listing) throw new Error('a listing the test did not write');
      expect({ ...listing, isPublic: Boolean(row.isPublic) }).toEqual({
        ...listing,
        isPublic: isPublicListing(listing),
      });
    }
  });
});
