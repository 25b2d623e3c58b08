import { AMENITIES, LISTING_TYPES, type ListingSearchSort, placeById } from '@basha/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, type TestApp } from '../../../../test/test-app.ts';
import type { ListingChangeListener } from '../../../db/listing-change-feed.ts';
import { listing } from '../../../db/schema.ts';
import { AREA_MARKETS, generateListings } from '../../../seed/listing-facts-generator.ts';
import { type Random, seededRandom } from '../../../seed/seeded-random.ts';
import {
  type BrowseFilters,
  browsePublicListings,
  countPublicListings,
} from '../browse-listings.repository.ts';
import { toListingCard } from '../listing-card.ts';
import { decodeListingCursor, encodeListingCursor } from '../listing-cursor.ts';
import {
  type ListingSearchMemory,
  openListingSearchMemory,
  type PageRow,
} from './listing-search-memory.ts';

// Searches answered from memory (ADR 33) give what PostgreSQL gives: the same cards in the same
// order with the same cursors, page after page, and the same counts, for random searches over generated listings
// with ties, facts not stated and listings that are not public; on both databases. (That it
// follows writes: listing-search-memory.pglite.test.ts.)

let t: TestApp;
let agentId: string;

const SORTS: ListingSearchSort[] = ['newest', 'price_asc', 'price_desc', 'price_per_sqft', 'size'];
const TYPES = [...LISTING_TYPES];

beforeAll(async () => {
  t = await createTestApp();
  agentId = (await createAccount(t, 'agent')).id;
  // One statement: every listing shares its created_at (ties broken by id) and the embedded
  // database announces them all at once ('*').
  const generated = generateListings(23, 260, { asOf: '2026-11-28' });
  const random = seededRandom(29);
  await t.database.db.insert(listing).values(
    generated.map((g, index) => {
      const area = g.location.area ? placeById('area', g.location.area) : undefined;
      const district = placeById('district', g.location.district);
      const inBangla = random() < 0.2;
      const legacy = index % 23 === 0;
      return {
        agentId,
        title: `Generated ${index}`,
        location: `Road ${index % 9}, ${inBangla ? area?.bn : area?.en}, ${inBangla ? district?.bn : district?.en}`,
        description: 'A generated listing.',
        photoKey: `listing-photos/generated-${index}`,
        photoWidth: 1200,
        photoHeight: 800,
        // Some share a starting price: the price sorts break the tie by id.
        priceMin: index % 11 === 0 ? 9_000_000 : g.price.min,
        priceMax: index % 11 === 0 ? 9_500_000 : g.price.max,
        status: index % 13 === 0 ? ('pending' as const) : ('verified' as const),
        soldAt: index % 17 === 0 ? new Date() : null,
        ...(legacy
          ? {}
          : {
              type: g.facts.type,
              bedrooms: g.facts.bedrooms,
              bathrooms: g.facts.bathrooms,
              sizeValue: g.facts.size?.value,
              sizeUnit: g.facts.size?.unit,
              sizeSqft: g.facts.size?.squareFeet,
              floor: g.facts.floor,
              totalFloors: g.facts.totalFloors,
              completion: g.facts.completion,
              handoverMonth: g.facts.handoverMonth,
              furnishing: g.facts.furnishing,
              amenities: g.facts.amenities,
              division: g.location.division,
              district: g.location.district,
              area: g.location.area,
            }),
      };
    }),
  );
});
afterAll(() => t.close());

const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
/** Some of the items, at least one (the API takes no empty list). */
function some<T>(random: Random, items: readonly T[], share: number): T[] {
  const chosen = items.filter(() => random() < share);
  return chosen.length > 0 ? chosen : [pick(random, items)];
}

function randomSearch(random: Random): { filters: BrowseFilters; sort: ListingSearchSort } {
  const filters: BrowseFilters = {};
  const market = pick(random, AREA_MARKETS);
  const place = random();
  if (place < 0.3) filters.area = market.area;
  else if (place < 0.5) filters.district = placeById('area', market.area)?.parent ?? undefined;
  else if (place < 0.6) filters.division = 'dhaka';
  if (random() < 0.3) {
    filters.location = pick(random, ['Gulshan', 'গুলশান', 'dhaka', 'Road 3', 'sylhet', 'Nowhere']);
  }
  if (random() < 0.6) filters.types = some(random, TYPES, 0.3);
  if (random() < 0.4) filters.minBedrooms = Math.floor(random() * 5);
  if (random() < 0.2) filters.minBathrooms = Math.floor(random() * 4);
  if (random() < 0.4) {
    filters.sizeUnit = random() < 0.7 ? 'sqft' : 'katha';
    const unit = filters.sizeUnit === 'sqft' ? 1 : 720;
    filters.minSize = Math.round((300 + random() * 2000) / unit);
    if (random() < 0.6)
      filters.maxSize = Math.round(filters.minSize + (500 + random() * 3000) / unit);
  }
  if (random() < 0.4) filters.maxPrice = Math.round(2_000_000 + random() * 60_000_000);
  if (random() < 0.3) filters.minPrice = Math.round(500_000 + random() * 20_000_000);
  if (random() < 0.3) filters.amenities = some(random, AMENITIES, 0.2);
  if (random() < 0.15) filters.completion = random() < 0.7 ? 'ready' : 'under_construction';
  return { filters, sort: pick(random, SORTS) };
}

/** Memory's answer; it has one here, having read every listing and heard of no change since. */
function answered<T>(answer: T | null): T {
  if (answer === null) throw new Error('memory did not answer');
  return answer;
}

/**
 * PostgreSQL's answer and memory's, page by page, until the last page or the fourth; returns
 * how many listings the first page had and whether there was a second.
 */
async function expectSamePages(
  memory: ListingSearchMemory,
  filters: BrowseFilters,
  sort: ListingSearchSort,
): Promise<{ found: number; paged: boolean }> {
  let after = null;
  let found = 0;
  for (let page = 0; page < 4; page += 1) {
    const rows = await browsePublicListings(t.database.db, filters, sort, after, 7);
    const fromMemory = answered(await memory.page(filters, sort, after, 7));
    // What the page shows of each listing, and where the next page resumes from each.
    const shown = (page: PageRow[]) =>
      page.map((row) => ({ card: toListingCard(row), cursor: encodeListingCursor(sort, row) }));
    expect({ filters, sort, page, rows: shown(fromMemory) }).toEqual({
      filters,
      sort,
      page,
      rows: shown(rows),
    });
    if (page === 0) found = rows.length;
    const last = rows.at(-1);
    if (rows.length < 7 || !last) return { found, paged: page > 0 };
    after = decodeListingCursor(encodeListingCursor(sort, last), sort);
  }
  return { found, paged: true };
}

describe('a search answered from memory', () => {
  let memory: ListingSearchMemory;
  beforeAll(async () => {
    // Announcements are not needed here: nothing is written after the first read.
    // No announcements: the listings are all in place before memory reads them.
    const listening = async (listener: ListingChangeListener) => {
      listener.resumed();
      return { close: async () => {} };
    };
    memory = await openListingSearchMemory(t.database.db, listening, { cards: true });
    await memory.ready();
  });
  afterAll(() => memory.close());

  it('gives the cards and cursors PostgreSQL gives, in its order, page after page', async () => {
    const random = seededRandom(31);
    let answered = 0;
    let paged = 0;
    for (let search = 0; search < 150; search += 1) {
      const { filters, sort } = randomSearch(random);
      const pages = await expectSamePages(memory, filters, sort);
      if (pages.found > 0) answered += 1;
      if (pages.paged) paged += 1;
    }
    // Most searches compared found something, and many went past their first page (71 and
    // 44 of these 150 when written).
    expect(answered).toBeGreaterThan(50);
    expect(paged).toBeGreaterThan(25);
  });

  it('gives the counts PostgreSQL gives, below and past the cap', async () => {
    const random = seededRandom(37);
    for (let search = 0; search < 150; search += 1) {
      const { filters } = randomSearch(random);
      for (const cap of [10_000, 12]) {
        const [fromSql, fromMemory] = await Promise.all([
          countPublicListings(t.database.db, filters, cap),
          memory.counts(filters, cap).then(answered),
        ]);
        const comparable = (c: typeof fromSql) => ({
          total: c.total,
          capped: c.capped,
          typesCapped: c.typesCapped,
          // Past the cap PostgreSQL counts the types over the first matches it meets, so
          // its counts are lower bounds of memory's exact ones.
          byType: c.typesCapped ? undefined : Object.fromEntries(c.byType),
        });
        expect({ filters, cap, ...comparable(fromMemory) }).toEqual({
          filters,
          cap,
          ...comparable(fromSql),
        });
        if (fromSql.typesCapped) {
          for (const [type, count] of fromSql.byType) {
            expect(fromMemory.byType.get(type)).toBeGreaterThanOrEqual(count);
          }
        }
      }
    }
  });
});
