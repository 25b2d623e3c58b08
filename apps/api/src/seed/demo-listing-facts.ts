import {
  AMENITIES,
  type Amenity,
  areaFromAddress,
  type ListingFacts,
  type ListingPlace,
  type ListingType,
  type SizeUnit,
  squareFeetOf,
} from '@basha/domain';
import type { ListingKey } from './demo-listings.ts';
import { AREA_MARKETS, generateListing } from './listing-facts-generator.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * The facts of the demo listings (ADR 29). What a listing's title and description say
 * (bedrooms, size, floor, lift and generator…) is written here; the seeded generator fills
 * the rest (bathrooms, facing, furnishing, further amenities) as it does for the benchmark,
 * for the listing's type and area, so the demo reads like a real portal's stock.
 */
type Stated = {
  type: ListingType;
  bedrooms?: number;
  size?: readonly [value: number, unit: SizeUnit];
  floor?: readonly [floor: number, totalFloors: number];
  amenities?: readonly Amenity[];
  /** What it lacks, though the generator would give it: what its reviews say is missing. */
  lacks?: readonly Amenity[];
};

const DEMO_FACTS: Record<ListingKey, Stated> = {
  'gulshan-lake-view': {
    type: 'apartment',
    bedrooms: 3,
    size: [2100, 'sqft'],
    floor: [8, 12],
    amenities: ['lift', 'generator', 'parking', 'security_guard', 'cctv'],
  },
  'dhanmondi-duplex': { type: 'duplex', bedrooms: 5, amenities: ['rooftop_access', 'gas_line'] },
  'uttara-family-flat': { type: 'apartment', bedrooms: 3, size: [1650, 'sqft'] },
  'bashundhara-new-build': {
    type: 'apartment',
    bedrooms: 4,
    amenities: ['lift', 'generator', 'rooftop_access', 'security_guard'],
  },
  'mirpur-dohs-corner': {
    type: 'apartment',
    bedrooms: 3,
    amenities: ['parking', 'security_guard'],
  },
  'banani-penthouse': {
    type: 'apartment',
    bedrooms: 4,
    size: [4000, 'sqft'],
    floor: [14, 14],
    amenities: ['lift', 'generator', 'rooftop_access', 'gym', 'security_guard'],
  },
  'baridhara-duplex': { type: 'duplex', bedrooms: 6, amenities: ['parking', 'security_guard'] },
  'motijheel-office': {
    type: 'office',
    size: [3200, 'sqft'],
    floor: [9, 18],
    amenities: ['lift', 'generator'],
  },
  'dhanmondi-road-8': { type: 'apartment', bedrooms: 3 },
  'gulshan-1-compact': {
    type: 'apartment',
    bedrooms: 2,
    amenities: ['lift', 'generator', 'rooftop_access'],
  },
  'bashundhara-duplex': { type: 'duplex', bedrooms: 4, amenities: ['rooftop_access'] },
  'savar-house': { type: 'house', bedrooms: 3 },
  'purbachal-plot': { type: 'plot', size: [5, 'katha'] },
  'mirpur-10-starter': {
    type: 'apartment',
    bedrooms: 2,
    floor: [3, 6],
    amenities: ['lift'],
  },
  'farmgate-shop': { type: 'shop', size: [600, 'sqft'] },
  'agrabad-commercial': { type: 'commercial', size: [2800, 'sqft'] },
  'nasirabad-flat': {
    type: 'apartment',
    bedrooms: 3,
    amenities: ['lift', 'generator', 'security_guard'],
  },
  'kazir-dewri-hill-view': { type: 'apartment', bedrooms: 3, floor: [7, 7] },
  'khulshi-duplex': { type: 'duplex', bedrooms: 5 },
  'halishahar-flat': {
    type: 'apartment',
    bedrooms: 2,
    floor: [4, 6],
    amenities: ['gas_line', 'rooftop_access'],
  },
  'patenga-warehouse': { type: 'commercial', size: [10000, 'sqft'], amenities: ['parking'] },
  'zindabazar-shop': { type: 'shop' },
  'sylhet-bungalow': { type: 'house', bedrooms: 3 },
  // A buyer's review says "There is no lift and the stairs are steep" (demo-activity.ts).
  'sonadanga-flat': {
    type: 'apartment',
    bedrooms: 3,
    size: [1250, 'sqft'],
    floor: [2, 5],
    lacks: ['lift'],
  },
  'shaheb-bazar-flat': { type: 'apartment', bedrooms: 3, amenities: ['rooftop_access'] },
  'padma-house': { type: 'house', bedrooms: 4 },
  'upashahar-flat': { type: 'apartment', bedrooms: 3, amenities: ['lift', 'generator'] },
  'boyra-house': { type: 'house', bedrooms: 3 },
  'gulshan-avenue-bargain': { type: 'apartment', bedrooms: 3 },
  'uttara-sector-4-duplex': { type: 'duplex', bedrooms: 4 },
};

/** Places the address does not name an area of: the district it is in. */
const DISTRICT_ONLY: Partial<Record<ListingKey, ListingPlace>> = {
  'kazir-dewri-hill-view': { division: 'chattogram', district: 'chattogram', area: null },
  'sylhet-bungalow': { division: 'sylhet', district: 'sylhet', area: null },
};

const DEMO_FACTS_SEED = 19;

/** The facts and place of one demo listing (its index keeps each draw its own). */
export function demoListingFacts(
  key: ListingKey,
  location: string,
  index: number,
  asOf: Date,
): { facts: ListingFacts; place: ListingPlace } {
  const stated = DEMO_FACTS[key];
  const place = DISTRICT_ONLY[key] ?? areaFromAddress(location);
  const month = asOf.toISOString().slice(0, 7);
  const market = AREA_MARKETS.find((m) => m.area === place?.area)?.area;
  const generated = generateListing(seededRandom(DEMO_FACTS_SEED + index), {
    asOf: month,
    type: stated.type,
    area: market,
  }).facts;
  const size = stated.size
    ? { value: stated.size[0], unit: stated.size[1], squareFeet: squareFeetOf(...stated.size) }
    : generated.size;
  const facts: ListingFacts = {
    ...generated,
    bedrooms: stated.bedrooms ?? generated.bedrooms,
    bathrooms:
      stated.bedrooms === undefined
        ? generated.bathrooms
        : Math.min(stated.bedrooms, Math.max(1, generated.bathrooms ?? stated.bedrooms)),
    size,
    floor: stated.floor?.[0] ?? generated.floor,
    totalFloors: stated.floor?.[1] ?? generated.totalFloors,
    // Every demo building is handover-ready, as their descriptions say; a plot has none.
    completion: generated.completion && 'ready',
    handoverMonth: null,
    amenities: AMENITIES.filter(
      (amenity) =>
        stated.amenities?.includes(amenity) ||
        (generated.amenities?.includes(amenity) && !stated.lacks?.includes(amenity)),
    ),
  };
  return { facts, place };
}
