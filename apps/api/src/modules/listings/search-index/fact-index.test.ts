import { AMENITIES, COMPLETION_STATUSES, LISTING_ROOMS_MAX, LISTING_TYPES } from '@basha/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FactIndex } from './fact-index.ts';
import { ANY, type FactQuery, matches } from './fact-query.ts';
import {
  AMENITIES_STATED,
  type ListingFactsRow,
  ListingFactsTable,
} from './listing-facts-table.ts';
import { forEachSlot } from './slot-bits.ts';

// The index's sets only narrow a search (fact-index.ts): every listing `matches` accepts is
// among the candidates, whatever the facts (prices and sizes on the edges of the index's
// ranges, facts not stated, rooms past the most a form takes) and whatever was put, put again
// and removed before. That the answers are PostgreSQL's: listing-search-memory.test.ts.

/**
 * Prices and sizes on and around powers of two, where the index's ranges meet: mostly a few
 * of them, so a listing's and a search's often share a range; sometimes past either end.
 */
const edgeNumber = (lowestLog2: number, highestLog2: number) => {
  const around = (min: number, max: number) =>
    fc
      .tuple(fc.integer({ min, max }), fc.constantFrom(-1, 0, 1, 0.5))
      .map(([log2, offset]) => 2 ** log2 + offset * (offset === 0.5 ? 2 ** log2 : 1));
  return fc.oneof(
    { arbitrary: around(lowestLog2 + 3, lowestLog2 + 5), weight: 4 },
    { arbitrary: around(lowestLog2 - 2, highestLog2 + 2), weight: 1 },
    { arbitrary: fc.double({ min: 0, max: 2 ** (highestLog2 + 3), noNaN: true }), weight: 1 },
    { arbitrary: fc.constantFrom(0, 1), weight: 1 },
  );
};
const price = edgeNumber(15, 31);
const place = fc.constantFrom(null, 'p1', 'p2', 'p3');
/** Rooms, often at the most a form takes (the index's last set) or past it. */
const rooms = (most: number) =>
  fc.oneof(
    fc.integer({ min: 0, max: most }),
    fc.constantFrom(LISTING_ROOMS_MAX - 1, LISTING_ROOMS_MAX, LISTING_ROOMS_MAX + 1),
  );

const rowOf = (id: number) =>
  fc
    .record({
      priceMin: price,
      spread: fc.oneof(fc.constant(0), price),
      type: fc.constantFrom(null, ...LISTING_TYPES),
      division: place,
      district: place,
      area: place,
      bedrooms: fc.option(rooms(LISTING_ROOMS_MAX + 3)),
      bathrooms: fc.option(rooms(LISTING_ROOMS_MAX + 3)),
      sizeSqft: fc.option(edgeNumber(6, 22)),
      amenities: fc.option(fc.subarray([...AMENITIES])),
      completion: fc.constantFrom(null, ...COMPLETION_STATUSES),
    })
    .map(
      ({ spread, ...facts }): ListingFactsRow => ({
        ...facts,
        id: `listing-${id}`,
        createdMicros: id,
        location: `road ${id}`,
        priceMax: facts.priceMin + spread,
      }),
    );

/** A filter a search sets one time in four: most searches then match some listings. */
const sometimes = <T>(filter: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: filter, weight: 1 });

/** A search's bounds (a place by its id), on the same edges as the facts. */
const search = fc.record({
  minPrice: sometimes(price),
  maxPrice: sometimes(price),
  types: sometimes(fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 })),
  division: sometimes(place),
  district: sometimes(place),
  area: sometimes(place),
  minBedrooms: sometimes(rooms(LISTING_ROOMS_MAX + 2)),
  minBathrooms: sometimes(rooms(LISTING_ROOMS_MAX + 2)),
  minSqft: sometimes(edgeNumber(6, 22)),
  maxSqft: sometimes(edgeNumber(6, 22)),
  amenities: sometimes(fc.integer({ min: 0, max: 2 ** AMENITIES.length - 1 })),
  completion: sometimes(fc.constantFrom(1, 2)),
});
type Search = typeof search extends fc.Arbitrary<infer S> ? S : never;

/** The search as the table's codes; a bound it does not set is `ANY` or an infinity. */
function queryOf(table: ListingFactsTable, s: Search): FactQuery {
  const place = (id: string | null) => (id === null ? ANY : table.placeCodeOf(id));
  return {
    text: null,
    textDivisions: [],
    textDistricts: [],
    textAreas: [],
    minPrice: s.minPrice ?? Number.NEGATIVE_INFINITY,
    maxPrice: s.maxPrice ?? Number.POSITIVE_INFINITY,
    typeBits: (s.types ?? []).reduce((bits, code) => bits | (1 << code), 0),
    division: place(s.division),
    district: place(s.district),
    area: place(s.area),
    minBedrooms: s.minBedrooms ?? ANY,
    minBathrooms: s.minBathrooms ?? ANY,
    minSqft: s.minSqft ?? Number.NEGATIVE_INFINITY,
    maxSqft: s.maxSqft ?? Number.POSITIVE_INFINITY,
    sized: s.minSqft !== null || s.maxSqft !== null,
    amenityBits: s.amenities === null ? 0 : AMENITIES_STATED | s.amenities,
    completion: s.completion ?? ANY,
  };
}

/** What was done to the table, in order: put a listing (again), or remove one. */
const changes = fc.array(
  fc.oneof(
    fc.integer({ min: 0, max: 40 }).chain((id) => rowOf(id).map((row) => ({ put: row }))),
    fc.integer({ min: 0, max: 40 }).map((id) => ({ remove: `listing-${id}` })),
  ),
  { minLength: 1, maxLength: 120 },
);

function candidatesOf(index: FactIndex, q: FactQuery): Set<number> {
  const slots = new Set<number>();
  const { words, length } = index.candidates(q);
  forEachSlot(words, length, (slot) => slots.add(slot));
  return slots;
}

describe('the facts index', () => {
  it('keeps every listing a search matches among its candidates, through puts and removals', () => {
    fc.assert(
      fc.property(changes, fc.array(search, { maxLength: 40 }), (done, searches) => {
        const index = new FactIndex(new ListingFactsTable());
        for (const change of done) {
          if ('put' in change) index.put(change.put);
          else index.remove(change.remove);
        }
        const t = index.table;
        for (const s of searches) {
          const q = queryOf(t, s);
          const candidates = candidatesOf(index, q);
          for (let slot = 0; slot < t.length; slot += 1) {
            if (matches(t, q, slot)) expect(candidates.has(slot), `slot ${slot}`).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('narrows: a removed listing, another place, fewer rooms or a dearer price is no candidate', () => {
    const index = new FactIndex(new ListingFactsTable());
    const flat = {
      id: 'flat',
      createdMicros: 1,
      location: 'road 1',
      priceMin: 9_000_000,
      priceMax: 9_500_000,
      type: 'apartment',
      division: 'dhaka',
      district: 'dhaka',
      area: 'gulshan',
      bedrooms: 3,
      bathrooms: 2,
      sizeSqft: 1_500,
      amenities: ['lift'],
      completion: 'ready',
    };
    index.put(flat);
    index.put({ ...flat, id: 'plot', type: 'plot', bedrooms: null, area: 'banani' });
    const t = index.table;
    const everything: FactQuery = {
      text: null,
      textDivisions: [],
      textDistricts: [],
      textAreas: [],
      minPrice: Number.NEGATIVE_INFINITY,
      maxPrice: Number.POSITIVE_INFINITY,
      typeBits: 0,
      division: ANY,
      district: ANY,
      area: ANY,
      minBedrooms: ANY,
      minBathrooms: ANY,
      minSqft: Number.NEGATIVE_INFINITY,
      maxSqft: Number.POSITIVE_INFINITY,
      sized: false,
      amenityBits: 0,
      completion: ANY,
    };
    const ids = (q: Partial<FactQuery>) =>
      [...candidatesOf(index, { ...everything, ...q })].map((slot) => t.ids[slot]).sort();

    expect(ids({})).toEqual(['flat', 'plot']);
    expect(ids({ area: t.placeCodeOf('gulshan') })).toEqual(['flat']);
    expect(ids({ area: t.placeCodeOf('uttara') })).toEqual([]);
    expect(ids({ minBedrooms: 3 })).toEqual(['flat']);
    expect(ids({ minBedrooms: 4 })).toEqual([]);
    // Two ranges below the flat's price: no range holds both.
    expect(ids({ maxPrice: 2_000_000 })).toEqual([]);
    expect(ids({ typeBits: 1 << 1 })).toEqual(['flat']);

    index.put({ ...flat, area: 'uttara' });
    expect(ids({ area: t.placeCodeOf('gulshan') })).toEqual([]);
    expect(ids({ area: t.placeCodeOf('uttara') })).toEqual(['flat']);
    index.remove('flat');
    expect(ids({})).toEqual(['plot']);
  });
});
