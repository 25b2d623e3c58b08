import { LISTING_TYPES, type ListingType } from '@basha/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing } from '../../db/schema.ts';
import { isPublicListing } from './listing-visibility.ts';

/**
 * Per type, the price under which fewer than `GATHER_LIMIT` public listings of that type
 * start (Infinity when the type has fewer than that in all). A search with a price cap under
 * it is answered by gathering every listing under the cap through the price indexes and
 * sorting them, where walking the sort's index would pass every dearer listing first: cheap
 * listings are small ones, so "apartments under 36 lakh, largest first" walked 240 000 index
 * entries to fill a page, and gathers about 600 (ADR 33, 2026-12-03).
 *
 * Only the plan depends on it, never the answer, so a floor some minutes old does no harm.
 */
export type PriceFloors = ReadonlyMap<ListingType, number>;

/** How many listings a gather may read at most: a few milliseconds of PostgreSQL's time. */
export const GATHER_LIMIT = 3000;

/** How long a database's floors serve before a request reads them again (in the background). */
const FLOORS_TTL_MS = 10 * 60_000;

type Kept = { floors?: PriceFloors; readAt: number; reading?: Promise<PriceFloors> };
const kept = new WeakMap<Database, Kept>();

/**
 * The database's floors as last read, or undefined before the first read ends; a read starts
 * when there is none yet or they are older than `FLOORS_TTL_MS`. Never waits for the database.
 */
export function priceFloorsOf(db: Database): PriceFloors | undefined {
  const entry = kept.get(db);
  if (!entry || (!entry.reading && Date.now() - entry.readAt > FLOORS_TTL_MS)) {
    readPriceFloors(db).catch(() => {
      // Without floors every search walks its order, as before them; the next request retries.
    });
  }
  return entry?.floors;
}

/** Reads the floors now (`limit`: the gather limit) and keeps them for `priceFloorsOf`. */
export function readPriceFloors(db: Database, limit = GATHER_LIMIT): Promise<PriceFloors> {
  const entry: Kept = kept.get(db) ?? { readAt: 0 };
  kept.set(db, entry);
  const reading = floorsIn(db, limit)
    .then((floors) => {
      entry.floors = floors;
      entry.readAt = Date.now();
      return floors;
    })
    .finally(() => {
      if (entry.reading === reading) entry.reading = undefined;
    });
  entry.reading = reading;
  return reading;
}

/**
 * One statement: per type, the `limit`-th cheapest public listing's price, read along the
 * type's price index (`limit` entries at most per type).
 */
async function floorsIn(db: Database, limit: number): Promise<PriceFloors> {
  const { rows } = (await db.execute(sql`
    select types.type, (
      select ${listing.priceMin} from ${listing}
       where ${listing.type} = types.type and ${isPublicListing()}
       order by ${listing.priceMin}
       offset ${limit - 1} limit 1
    ) as floor
    from unnest(${sql.param([...LISTING_TYPES])}::listing_type[]) as types(type)`)) as {
    rows: { type: ListingType; floor: string | number | null }[];
  };
  return new Map(
    rows.map((row) => [
      row.type,
      row.floor === null ? Number.POSITIVE_INFINITY : Number(row.floor),
    ]),
  );
}

/** Whether fewer than the gather limit of each chosen type cost no more than `maxPrice`. */
export function fewUnderCap(
  floors: PriceFloors,
  types: readonly ListingType[],
  maxPrice: number,
): boolean {
  return types.length > 0 && types.every((type) => maxPrice < (floors.get(type) ?? Number.NaN));
}
