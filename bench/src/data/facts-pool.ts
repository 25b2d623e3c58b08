import { placeById } from '@basha/domain';
import {
  type GeneratedListing,
  generatedTitle,
  generateListings,
} from '../../../apps/api/src/seed/listing-facts-generator.ts';
import { seededRandom } from '../../../apps/api/src/seed/seeded-random.ts';
import type { GenerationStep } from './load.ts';

/**
 * Listings' facts for the generated marketplace, from the same seeded generator as the demo
 * data (apps/api/src/seed/listing-facts-generator.ts): type mix, bedrooms by type, sizes in
 * the units each market uses, prices that follow size and area, amenities by type, areas
 * weighted like real searches. Generating a million in TypeScript and sending them row by row
 * would dominate the load, so a pool of distinct listings is written to a temporary table
 * once and the set-based INSERT of listings draws from it: every listing is a real
 * combination of facts, location and price, and the shares are the generator's.
 */
export const FACTS_POOL_SIZE = 20_000;

/** The month handover months count from, fixed so every run generates the same data. */
const AS_OF = '2026-11';

/**
 * One listing in this many was listed before facts existed: every fact and the structured
 * location null ("not stated", "location to complete"), one photo, as the migration left them.
 */
export const WITHOUT_FACTS_EVERY = 25;

/** Photos per listing: 1–12, most listings with 4–8. */
const PHOTO_COUNT_WEIGHTS = [2, 3, 6, 10, 14, 15, 14, 12, 9, 7, 5, 3];

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const orNull = (value: string | number | null | undefined) =>
  value === null || value === undefined
    ? 'NULL'
    : typeof value === 'number'
      ? String(value)
      : quote(value);

function photoCountOf(random: () => number): number {
  const total = PHOTO_COUNT_WEIGHTS.reduce((sum, weight) => sum + weight, 0);
  let left = random() * total;
  for (const [index, weight] of PHOTO_COUNT_WEIGHTS.entries()) {
    left -= weight;
    if (left < 0) return index + 1;
  }
  return PHOTO_COUNT_WEIGHTS.length;
}

/** "House 12, Road 4, Gulshan, Dhaka": the address line agrees with the structured place. */
function addressOf(generated: GeneratedListing, n: number): string {
  const { area, district } = generated.location;
  const areaName = area ? placeById('area', area)?.en : undefined;
  const districtName = placeById('district', district)?.en ?? district;
  return `House ${1 + (n % 60)}, Road ${1 + ((n * 7) % 40)}, ${areaName ? `${areaName}, ` : ''}${districtName}`;
}

function poolRow(generated: GeneratedListing, n: number, photoCount: number): string {
  const { facts, location, price } = generated;
  const amenities =
    facts.amenities === null ? 'NULL' : `ARRAY[${facts.amenities.map(quote).join(',')}]::text[]`;
  return `(${[
    n,
    orNull(generatedTitle(generated)),
    orNull(addressOf(generated, n)),
    orNull(facts.type),
    orNull(facts.bedrooms),
    orNull(facts.bathrooms),
    orNull(facts.size?.value),
    orNull(facts.size?.unit),
    orNull(facts.size?.squareFeet),
    orNull(facts.floor),
    orNull(facts.totalFloors),
    orNull(facts.facing),
    orNull(facts.completion),
    orNull(facts.handoverMonth),
    orNull(facts.furnishing),
    amenities,
    orNull(location.division),
    orNull(location.district),
    orNull(location.area),
    price.min,
    price.max,
    photoCount,
  ].join(',')})`;
}

/** Creates and fills `bench_facts` (n = 1..pool size), dropped when the load commits. */
export function factsPoolSteps(poolSize = FACTS_POOL_SIZE): GenerationStep[] {
  const generated = generateListings(2026_19, poolSize, { asOf: AS_OF });
  const random = seededRandom(19);
  const rows = generated.map((listing, index) => poolRow(listing, index + 1, photoCountOf(random)));
  const steps: GenerationStep[] = [
    {
      label: `a pool of ${poolSize} generated listings' facts`,
      sql: `CREATE TEMPORARY TABLE bench_facts (
        n int PRIMARY KEY, title text, address text, type text, bedrooms smallint,
        bathrooms smallint, size_value float8, size_unit text, size_sqft float8, floor smallint,
        total_floors smallint, facing text, completion text, handover_month text,
        furnishing text, amenities text[], division text, district text, area text,
        price_min bigint, price_max bigint, photo_count smallint) ON COMMIT DROP`,
    },
  ];
  const chunk = 2_000;
  for (let start = 0; start < rows.length; start += chunk) {
    steps.push({
      label: `  facts ${start + 1}–${Math.min(start + chunk, rows.length)}`,
      sql: `INSERT INTO bench_facts VALUES ${rows.slice(start, start + chunk).join(',\n')}`,
    });
  }
  return steps;
}
