import { AMENITIES, COMPLETION_STATUSES, LISTING_ROOMS_MAX, LISTING_TYPES } from '@basha/domain';
import fc from 'fast-check';
import { ANY, type FactQuery } from '../src/modules/listings/search-index/fact-query.ts';
import {
  AMENITIES_STATED,
  type ListingFactsRow,
  type ListingFactsTable,
} from '../src/modules/listings/search-index/listing-facts-table.ts';

// Random listings' facts, searches and changes for the search memory's property tests
// (fact-index.test.ts, fact-search.test.ts): prices and sizes on the edges of the index's
// ranges, facts not stated, rooms past the most a form takes.

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

export const rowOf = (id: number) =>
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
      // Positive, as the database holds them (listings_size_positive).
      sizeSqft: fc.option(edgeNumber(6, 22).filter((sqft) => sqft > 0)),
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
export const search = fc.record({
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

/** A search that sets no filter. */
export const NO_FILTERS: Search = {
  minPrice: null,
  maxPrice: null,
  types: null,
  division: null,
  district: null,
  area: null,
  minBedrooms: null,
  minBathrooms: null,
  minSqft: null,
  maxSqft: null,
  amenities: null,
  completion: null,
};

/** The search as the table's codes; a bound it does not set is `ANY` or an infinity. */
export function queryOf(table: ListingFactsTable, s: Search): FactQuery {
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
export const changes = fc.array(
  fc.oneof(
    fc.integer({ min: 0, max: 40 }).chain((id) => rowOf(id).map((row) => ({ put: row }))),
    fc.integer({ min: 0, max: 40 }).map((id) => ({ remove: `listing-${id}` })),
  ),
  { minLength: 1, maxLength: 120 },
);
