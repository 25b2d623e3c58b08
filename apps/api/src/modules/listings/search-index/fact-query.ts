import type { ListingSearchSort } from '@basha/domain';
import type { ListingCursor } from '../listing-cursor.ts';
import { sortKeyOf } from '../listing-reads.ts';
import type { SearchFilters, SearchValues } from '../listing-search-filters.ts';
import {
  AMENITIES_STATED,
  completionCodeOf,
  type ListingFactsTable,
  typeCodeOf,
} from './listing-facts-table.ts';
import { EVERY_KEY, type KeyRange } from './ordered-slots.ts';

// A search's filters as the facts table's codes and bounds: the same conditions as
// `searchConditions` (listing-search-filters.ts), one comparison per column, so a scan
// tests each slot without a lookup. A bound not used is the value every slot passes.

/** A place or room bound the search does not set. */
export const ANY = -2;

export type FactQuery = {
  /** The lower-cased location text, or null when the search names none. */
  text: string | null;
  /** Catalog places the text names, as codes: a listing in one matches the text too. */
  textDivisions: number[];
  textDistricts: number[];
  textAreas: number[];
  minPrice: number;
  maxPrice: number;
  /** Bit `code` set for each chosen type; 0 when no type is chosen. */
  typeBits: number;
  division: number;
  district: number;
  area: number;
  minBedrooms: number;
  minBathrooms: number;
  minSqft: number;
  maxSqft: number;
  /** Whether the search bounds the size: a listing without one then never matches. */
  sized: boolean;
  /** The amenities every match has (AMENITIES_STATED included), or 0. */
  amenityBits: number;
  completion: number;
};

export function factQueryOf(
  table: ListingFactsTable,
  filters: Partial<SearchFilters>,
  values: SearchValues,
  { withoutTypes = false } = {},
): FactQuery {
  const codes = (places: string[] | undefined) =>
    (places ?? []).map((place) => table.placeCodeOf(place));
  const place = (id: string | undefined) => (id === undefined ? ANY : table.placeCodeOf(id));
  const types = withoutTypes ? [] : (values.types ?? (values.type ? [values.type] : []));
  return {
    text: filters.location ? filters.location.toLowerCase() : null,
    textDivisions: codes(values.placeDivisions),
    textDistricts: codes(values.placeDistricts),
    textAreas: codes(values.placeAreas),
    minPrice: values.minPrice ?? Number.NEGATIVE_INFINITY,
    maxPrice: values.maxPrice ?? Number.POSITIVE_INFINITY,
    typeBits: types.reduce((bits, type) => bits | (1 << typeCodeOf(type)), 0),
    division: place(values.division),
    district: place(values.district),
    area: place(values.area),
    minBedrooms: values.minBedrooms ?? ANY,
    minBathrooms: values.minBathrooms ?? ANY,
    minSqft: values.minSqft ?? Number.NEGATIVE_INFINITY,
    maxSqft: values.maxSqft ?? Number.POSITIVE_INFINITY,
    sized: values.minSqft !== undefined || values.maxSqft !== undefined,
    amenityBits: values.amenities === undefined ? 0 : AMENITIES_STATED | values.amenities,
    completion: values.completion === undefined ? ANY : completionCodeOf(values.completion),
  };
}

/** Whether the listing in `slot` matches: `searchConditions`, slot by slot. */
export function matches(t: ListingFactsTable, q: FactQuery, slot: number): boolean {
  if (t.used[slot] === 0) return false;
  if (q.typeBits !== 0 && (q.typeBits & (1 << (t.type[slot] as number))) === 0) return false;
  if ((t.priceMax[slot] as number) < q.minPrice || (t.priceMin[slot] as number) > q.maxPrice)
    return false;
  if (q.area !== ANY && t.area[slot] !== q.area) return false;
  if (q.district !== ANY && t.district[slot] !== q.district) return false;
  if (q.division !== ANY && t.division[slot] !== q.division) return false;
  if (
    (t.bedrooms[slot] as number) < q.minBedrooms ||
    (t.bathrooms[slot] as number) < q.minBathrooms
  )
    return false;
  if (q.sized) {
    const sqft = t.sizeSqft[slot] as number;
    if (!(sqft >= q.minSqft && sqft <= q.maxSqft)) return false;
  }
  if (((t.amenities[slot] as number) & q.amenityBits) !== q.amenityBits) return false;
  if (q.completion !== ANY && t.completion[slot] !== q.completion) return false;
  return q.text === null || matchesText(t, q, slot);
}

/** The address line contains the text, or the listing lies in a place the text names. */
function matchesText(t: ListingFactsTable, q: FactQuery, slot: number): boolean {
  return (
    (t.locations[slot] as string).includes(q.text as string) ||
    q.textAreas.includes(t.area[slot] as number) ||
    q.textDistricts.includes(t.district[slot] as number) ||
    q.textDivisions.includes(t.division[slot] as number)
  );
}

/**
 * A sort as the table's numbers: `key(slot)` and whether it ascends; ties go by id in the
 * same direction (`orderOf` in listing-reads.ts). The keys are PostgreSQL's: a listing
 * without a size is +Infinity per sq ft and -Infinity in size. `by` names the key: the two
 * price sorts share one, walked in opposite directions.
 */
export type FactOrder = { by: FactKey; key: (slot: number) => number; ascending: boolean };
export type FactKey = 'created' | 'price' | 'pricePerSqft' | 'size';

export function factOrderOf(t: ListingFactsTable, sort: ListingSearchSort): FactOrder {
  switch (sort) {
    case 'newest':
      return { by: 'created', key: (slot) => t.createdMicros[slot] as number, ascending: false };
    case 'price_asc':
      return { by: 'price', key: (slot) => t.priceMin[slot] as number, ascending: true };
    case 'price_desc':
      return { by: 'price', key: (slot) => t.priceMin[slot] as number, ascending: false };
    case 'price_per_sqft':
      return {
        by: 'pricePerSqft',
        key: (slot) => {
          const sqft = t.sizeSqft[slot] as number;
          return Number.isNaN(sqft)
            ? Number.POSITIVE_INFINITY
            : (t.priceMin[slot] as number) / sqft;
        },
        ascending: true,
      };
    case 'size':
      return {
        by: 'size',
        key: (slot) => {
          const sqft = t.sizeSqft[slot] as number;
          return Number.isNaN(sqft) ? Number.NEGATIVE_INFINITY : sqft;
        },
        ascending: false,
      };
  }
}

/**
 * The keys of the order `by` that every match of `q` has, both ends included: the lowest
 * price is at most the price cap; the size within the size bounds; the price per sq ft at
 * most the price cap over the least size (a quotient of positive numbers never rounds past
 * that of a larger dividend or a smaller divisor, so the bound holds for the keys as
 * computed). A walk then starts where matches can start and stops where they end.
 */
export function keyRangeOf(q: FactQuery, by: FactKey): KeyRange {
  // A copy each time: a walk narrows it to its cursor.
  switch (by) {
    case 'created':
      return { ...EVERY_KEY };
    case 'price':
      return { ...EVERY_KEY, high: q.maxPrice };
    case 'size':
      return q.sized ? { low: q.minSqft, high: q.maxSqft } : { ...EVERY_KEY };
    case 'pricePerSqft':
      return q.sized && q.minSqft > 0
        ? { ...EVERY_KEY, high: q.maxPrice / q.minSqft }
        : { ...EVERY_KEY };
  }
}

/** The cursor's position as the order's numbers (a null fact key is the ±Infinity above). */
export function cursorKeyOf(cursor: ListingCursor): { key: number; id: string } {
  const key = sortKeyOf(cursor);
  if (cursor.sort === 'newest') return { key: microsOf(key as string), id: cursor.id };
  if (key === null) {
    const infinity = cursor.sort === 'size' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
    return { key: infinity, id: cursor.id };
  }
  return { key: Number(key), id: cursor.id };
}

/** Microseconds since the epoch of a UTC timestamp printed with six decimals. */
export function microsOf(printed: string): number {
  const seconds = Date.parse(`${printed.slice(0, 19)}Z`) / 1000;
  return seconds * 1_000_000 + Number(printed.slice(20, 26));
}
