import {
  AMENITIES,
  type Amenity,
  type ListingBrowseFilters,
  type ListingSearchSort,
  type ListingType,
  listingSearchParams,
  placeById,
} from '@basha/domain';
import { AREA_MARKETS } from '../../../apps/api/src/seed/listing-facts-generator.ts';
import { seededRandom } from '../../../apps/api/src/seed/seeded-random.ts';

// Random searches of all properties, as buyers make them: a type (sometimes two), rooms for
// homes, a size and a price window around what that type costs there, an amenity or two, and
// a place (an area, a district, sometimes none). Each draw also takes a serial number into
// its price window, so no two searches of a run are the same URL: none is answered from the
// response cache.

const HOMES: ListingType[] = ['apartment', 'house', 'duplex'];
const OTHERS: ListingType[] = ['plot', 'commercial', 'office', 'shop'];
const SORTS: ListingSearchSort[] = ['newest', 'price_asc', 'price_desc', 'price_per_sqft', 'size'];
/** The amenities buyers filter on most, first: a lift and a generator in a Dhaka flat. */
const POPULAR_AMENITIES: Amenity[] = ['lift', 'generator', 'parking', 'security_guard', 'gas_line'];

export type SearchDraw = () => ListingBrowseFilters;

/** A seeded drawer of random searches; `serial` makes each one distinct. */
export function randomSearches(seed: number): SearchDraw {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  let serial = 0;
  return () => {
    serial += 1;
    const search: ListingBrowseFilters = {};
    const market = pick(AREA_MARKETS);
    const place = random();
    if (place < 0.55) search.area = market.area;
    else if (place < 0.85) search.district = placeById('area', market.area)?.parent ?? undefined;
    const home = random() < 0.75;
    search.types = home
      ? random() < 0.8
        ? ['apartment']
        : [pick(HOMES), pick(HOMES)].filter((t, i, all) => all.indexOf(t) === i)
      : [pick(OTHERS)];
    if (home && random() < 0.8) search.minBedrooms = 1 + Math.floor(random() * 4);
    if (home && random() < 0.3) search.minBathrooms = 1 + Math.floor(random() * 3);
    if (random() < 0.6) {
      const low = 400 + Math.floor(random() * 2000);
      search.minSize = low;
      if (random() < 0.7) search.maxSize = low + 300 + Math.floor(random() * 1500);
    }
    // A budget around the area's going rate for a typical home there.
    const typical = market.rate * 1_300;
    const budget = Math.round((typical * (0.5 + random())) / 10_000) * 10_000;
    if (random() < 0.7) search.maxPrice = budget + serial;
    if (random() < 0.4) search.minPrice = Math.max(1, Math.round(budget / 3));
    if (search.maxPrice === undefined) search.minPrice = Math.round(budget / 4) + serial;
    const amenityRoll = random();
    if (amenityRoll < 0.5) search.amenities = [pick(POPULAR_AMENITIES)];
    else if (amenityRoll < 0.65) {
      search.amenities = AMENITIES.filter((a) => a === pick(POPULAR_AMENITIES) || a === 'lift');
    }
    if (random() < 0.15) search.completion = random() < 0.8 ? 'ready' : 'under_construction';
    const sort = pick(SORTS);
    if (sort !== 'newest') search.sort = sort;
    return search;
  };
}

/** The API path of a search's first page. */
export const searchPath = (search: ListingBrowseFilters) =>
  `/api/v1/listings?${listingSearchParams(search)}`;

/** The API path of a search's counts (the order does not count). */
export function countsPath(search: ListingBrowseFilters): string {
  const params = listingSearchParams(search);
  params.delete('sort');
  return `/api/v1/listings/counts?${params}`;
}
