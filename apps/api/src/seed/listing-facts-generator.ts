import {
  AMENITIES,
  type Amenity,
  FACINGS,
  type Furnishing,
  type ListingFacts,
  type ListingType,
  placeById,
  type SizeUnit,
  type StructuredLocation,
  squareFeetOf,
  structuredLocationOf,
} from '@basha/domain';
import { type Random, seededRandom } from './seeded-random.ts';

/**
 * Realistic property facts for the demo data and the benchmark's generated marketplace: a
 * type mix like a Bangladeshi portal's stock, bedrooms and sizes by type, prices that follow
 * size and area, amenities by type, and areas weighted like real searches. Pure and
 * deterministic: the same seed gives the same listings, so benchmark runs compare.
 */

function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let left = random() * total;
  for (const [value, weight] of choices) {
    left -= weight;
    if (left < 0) return value;
  }
  return (choices[choices.length - 1] as readonly [T, number])[0];
}

const between = (random: Random, min: number, max: number) => min + random() * (max - min);
const wholeBetween = (random: Random, min: number, max: number) =>
  Math.floor(between(random, min, max + 1));
const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/**
 * Areas with their share of listings (as in the benchmark's places) and the going rate of
 * built space in taka per square foot (2026, rounded); prime Dhaka areas are "prime": more
 * gyms and pools, taller buildings.
 */
export const AREA_MARKETS = [
  { area: 'gulshan', weight: 40, rate: 24_000, prime: true },
  { area: 'banani', weight: 30, rate: 20_000, prime: true },
  { area: 'baridhara', weight: 15, rate: 22_000, prime: true },
  { area: 'dhanmondi', weight: 40, rate: 15_000, prime: true },
  { area: 'uttara', weight: 50, rate: 9_000, prime: false },
  { area: 'mirpur', weight: 60, rate: 7_000, prime: false },
  { area: 'mohammadpur', weight: 40, rate: 7_500, prime: false },
  { area: 'bashundhara', weight: 35, rate: 10_000, prime: false },
  { area: 'motijheel', weight: 10, rate: 12_000, prime: false },
  { area: 'badda', weight: 30, rate: 6_500, prime: false },
  { area: 'tejgaon', weight: 15, rate: 10_000, prime: false },
  { area: 'lalmatia', weight: 10, rate: 12_000, prime: false },
  { area: 'khilgaon', weight: 20, rate: 6_500, prime: false },
  { area: 'wari', weight: 10, rate: 8_000, prime: false },
  { area: 'purbachal', weight: 12, rate: 5_000, prime: false },
  { area: 'savar', weight: 15, rate: 4_000, prime: false },
  { area: 'tongi', weight: 15, rate: 4_500, prime: false },
  { area: 'board-bazar', weight: 10, rate: 3_500, prime: false },
  { area: 'fatullah', weight: 10, rate: 4_500, prime: false },
  { area: 'chashara', weight: 8, rate: 6_000, prime: false },
  { area: 'agrabad', weight: 25, rate: 8_000, prime: false },
  { area: 'khulshi', weight: 20, rate: 10_000, prime: true },
  { area: 'nasirabad', weight: 20, rate: 9_000, prime: false },
  { area: 'panchlaish', weight: 15, rate: 9_000, prime: false },
  { area: 'halishahar', weight: 15, rate: 6_000, prime: false },
  { area: 'gec-circle', weight: 8, rate: 9_000, prime: false },
  { area: 'kolatoli', weight: 3, rate: 9_000, prime: false },
  { area: 'kandirpar', weight: 5, rate: 5_000, prime: false },
  { area: 'zindabazar', weight: 9, rate: 7_000, prime: false },
  { area: 'amberkhana', weight: 6, rate: 6_000, prime: false },
  { area: 'uposhohor-sylhet', weight: 6, rate: 6_000, prime: false },
  { area: 'shaheb-bazar', weight: 6, rate: 5_000, prime: false },
  { area: 'padma-residential-area', weight: 4, rate: 4_500, prime: false },
  { area: 'satmatha', weight: 4, rate: 4_500, prime: false },
  { area: 'sonadanga', weight: 6, rate: 4_500, prime: false },
  { area: 'khalishpur', weight: 4, rate: 3_500, prime: false },
  { area: 'doratana', weight: 3, rate: 4_000, prime: false },
  { area: 'band-road', weight: 4, rate: 4_500, prime: false },
  { area: 'nathullabad', weight: 3, rate: 4_000, prime: false },
  { area: 'jahaj-company-more', weight: 4, rate: 4_000, prime: false },
  { area: 'dhap', weight: 3, rate: 3_500, prime: false },
  { area: 'ganginarpar', weight: 4, rate: 4_500, prime: false },
  { area: 'charpara', weight: 3, rate: 4_000, prime: false },
] as const;
type AreaMarket = (typeof AREA_MARKETS)[number];

/** Shares of the stock by type: flats dominate, as on every Bangladeshi portal. */
export const TYPE_MIX: readonly (readonly [ListingType, number])[] = [
  ['apartment', 55],
  ['house', 8],
  ['duplex', 5],
  ['plot', 12],
  ['commercial', 7],
  ['office', 6],
  ['shop', 7],
];

/** What a square foot of each type costs against the area's flat rate. */
const TYPE_PRICE_FACTOR: Record<ListingType, number> = {
  apartment: 1,
  house: 0.9,
  duplex: 1.15,
  plot: 0.8,
  commercial: 1.2,
  office: 1.1,
  shop: 1.6,
};

function bedroomsFor(random: Random, type: ListingType): number | null {
  switch (type) {
    case 'apartment':
      return weighted(random, [
        [1, 5],
        [2, 25],
        [3, 50],
        [4, 17],
        [5, 3],
      ]);
    case 'house':
      return wholeBetween(random, 3, 6);
    case 'duplex':
      return wholeBetween(random, 4, 7);
    default:
      return null;
  }
}

function bathroomsFor(random: Random, type: ListingType, bedrooms: number | null): number | null {
  if (bedrooms !== null) return Math.max(1, bedrooms - (random() < 0.35 ? 1 : 0));
  if (type === 'office' || type === 'commercial') return wholeBetween(random, 1, 4);
  if (type === 'shop') return wholeBetween(random, 0, 1);
  return null;
}

/** Built space in square feet, rounded to 10 as agents state it. */
function builtSquareFeet(random: Random, type: ListingType, bedrooms: number | null): number {
  const ranges: Record<Exclude<ListingType, 'plot'>, [number, number]> = {
    apartment: [0, 0],
    house: [1_200, 4_000],
    duplex: [2_500, 5_500],
    commercial: [800, 10_000],
    office: [500, 6_000],
    shop: [100, 600],
  };
  if (type === 'apartment') {
    const typical = 350 + (bedrooms ?? 2) * 380;
    return roundTo(typical * between(random, 0.8, 1.2), 10);
  }
  const [min, max] = ranges[type as Exclude<ListingType, 'plot'>];
  return roundTo(between(random, min, max), 10);
}

/** Land in the unit its market uses: katha in cities, decimal in the suburbs, bigha rarely. */
function landSize(random: Random, market: AreaMarket): { value: number; unit: SizeUnit } {
  const unit = weighted<SizeUnit>(
    random,
    market.rate >= 6_000
      ? [
          ['katha', 90],
          ['decimal', 10],
        ]
      : [
          ['katha', 55],
          ['decimal', 35],
          ['bigha', 10],
        ],
  );
  if (unit === 'katha') return { unit, value: roundTo(between(random, 2, 10), 0.5) };
  if (unit === 'decimal') return { unit, value: roundTo(between(random, 3, 20), 0.5) };
  return { unit, value: roundTo(between(random, 1, 3), 0.5) };
}

function furnishingFor(random: Random, type: ListingType): Furnishing | null {
  if (type === 'plot') return null;
  if (type === 'shop' || type === 'commercial') return 'unfurnished';
  return weighted<Furnishing>(random, [
    ['unfurnished', 60],
    ['semi_furnished', 30],
    ['furnished', 10],
  ]);
}

/** How likely each amenity is, by type; prime areas have more gyms and pools. */
function amenitiesFor(
  random: Random,
  type: ListingType,
  market: AreaMarket,
  totalFloors: number | null,
): Amenity[] {
  const odds: Partial<Record<Amenity, number>> = (() => {
    switch (type) {
      case 'apartment':
        return {
          lift: (totalFloors ?? 0) >= 6 ? 0.95 : 0.2,
          generator: 0.8,
          gas_line: 0.55,
          parking: 0.75,
          security_guard: 0.85,
          cctv: 0.7,
          rooftop_access: 0.5,
          gym: market.prime ? 0.35 : 0.08,
          swimming_pool: market.prime ? 0.12 : 0.02,
          fire_exit: 0.6,
        };
      case 'house':
      case 'duplex':
        return {
          generator: 0.4,
          gas_line: 0.5,
          parking: 0.8,
          security_guard: 0.4,
          cctv: 0.3,
          rooftop_access: 0.6,
          swimming_pool: market.prime ? 0.08 : 0.01,
        };
      case 'commercial':
      case 'office':
        return {
          lift: 0.9,
          generator: 0.9,
          parking: 0.7,
          security_guard: 0.9,
          cctv: 0.9,
          fire_exit: 0.8,
          gym: 0.05,
        };
      case 'shop':
        return { generator: 0.4, security_guard: 0.4, cctv: 0.5, fire_exit: 0.3 };
      case 'plot':
        return {};
    }
  })();
  return AMENITIES.filter((amenity) => random() < (odds[amenity] ?? 0));
}

/** A month `monthsAhead` after `asOf` (YYYY-MM). */
function monthAfter(asOf: string, monthsAhead: number): string {
  const [year = 2026, month = 1] = asOf.split('-').map(Number);
  const index = year * 12 + (month - 1) + monthsAhead;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export type GeneratedListing = {
  location: StructuredLocation;
  facts: ListingFacts;
  /** Whole taka, rounded to 10 000 as agents price; the maximum 5–30 % above. */
  price: { min: number; max: number };
};

export type GenerateOptions = {
  /** The month handover months count from (YYYY-MM), so the data do not change with the clock. */
  asOf: string;
  /** Generate this type (the demo data's chosen ones); drawn from the mix otherwise. */
  type?: ListingType;
  /** Generate in this area (an id of the catalog and of `AREA_MARKETS`). */
  area?: string;
};

/** One listing's location, facts and price. */
export function generateListing(random: Random, options: GenerateOptions): GeneratedListing {
  const market =
    AREA_MARKETS.find((m) => m.area === options.area) ??
    weighted(
      random,
      AREA_MARKETS.map((m) => [m, m.weight] as const),
    );
  const location = structuredLocationOf('area', market.area);
  if (!location) throw new Error(`Unknown area in AREA_MARKETS: ${market.area}`);
  const type = options.type ?? weighted(random, TYPE_MIX);

  const bedrooms = bedroomsFor(random, type);
  const bathrooms = bathroomsFor(random, type, bedrooms);
  const size =
    type === 'plot'
      ? landSize(random, market)
      : { value: builtSquareFeet(random, type, bedrooms), unit: 'sqft' as const };
  const squareFeet = squareFeetOf(size.value, size.unit);

  const floored = type === 'apartment' || type === 'office';
  const totalFloors = floored
    ? wholeBetween(random, market.prime ? 8 : 5, market.prime ? 20 : 12)
    : null;
  const floor = totalFloors === null ? null : wholeBetween(random, 1, totalFloors);

  const underConstruction = type !== 'plot' && random() < 0.2;
  const completion = type === 'plot' ? null : underConstruction ? 'under_construction' : 'ready';

  // Price follows size and area: square feet × the area's rate × the type's factor, ±15 %.
  const perSquareFoot = market.rate * TYPE_PRICE_FACTOR[type] * between(random, 0.85, 1.15);
  const priceMin = Math.max(500_000, roundTo(squareFeet * perSquareFoot, 10_000));
  const priceMax = roundTo(priceMin * between(random, 1.05, 1.3), 10_000);

  return {
    location,
    facts: {
      type,
      bedrooms,
      bathrooms,
      size: { ...size, squareFeet },
      floor,
      totalFloors,
      facing: random() < 0.15 ? null : (FACINGS[wholeBetween(random, 0, 7)] ?? null),
      completion,
      handoverMonth: underConstruction
        ? monthAfter(options.asOf, wholeBetween(random, 3, 36))
        : null,
      furnishing: furnishingFor(random, type),
      // A plot states no amenities: [] as the API stores a submitted plot's.
      amenities: amenitiesFor(random, type, market, totalFloors),
    },
    price: { min: priceMin, max: Math.max(priceMax, priceMin + 10_000) },
  };
}

/** `count` listings from one seed: the benchmark's and the demo's marketplace. */
export function generateListings(
  seed: number,
  count: number,
  options: GenerateOptions,
): GeneratedListing[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => generateListing(random, options));
}

/** "3-bed apartment in Gulshan": a title that agrees with the facts. */
export function generatedTitle({ facts, location }: GeneratedListing): string {
  const area = location.area ? placeById('area', location.area)?.en : undefined;
  const where = area ? ` in ${area}` : '';
  const size = facts.size;
  switch (facts.type) {
    case 'apartment':
      return `${facts.bedrooms}-bed apartment${where}`;
    case 'house':
    case 'duplex':
      return `${facts.bedrooms}-bed ${facts.type}${where}`;
    case 'plot':
      return `${size?.value} ${size?.unit} plot${where}`;
    case 'commercial':
      return `Commercial space${where}`;
    case 'office':
      return `Office floor${where}`;
    default:
      return `Shop${where}`;
  }
}
