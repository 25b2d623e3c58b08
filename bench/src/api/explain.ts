import type { ListingBrowseFilters } from '@basha/domain';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../../apps/api/src/db/client.ts';
import {
  browseListingsQuery,
  browseShapeOf,
  browseValuesOf,
} from '../../../apps/api/src/modules/listings/browse-listings.repository.ts';
import { readPriceFloors } from '../../../apps/api/src/modules/listings/price-floors.ts';
import { median, round } from './load.ts';

export type ExplainedQuery = {
  name: string;
  /** Median "Execution Time" of the runs, in ms (the first run warms the cache and is dropped). */
  executionMs: number;
  /**
   * The fastest run: on a busy machine the wall-clock time of a run includes time the
   * process waited for a core, and the fastest run is the closest to the query's own cost.
   */
  fastestMs: number;
  /**
   * The first run: what a search nobody made before costs, its index pages touched for the
   * first time by this connection (the "never repeated" load scenarios).
   */
  firstMs: number;
  runsMs: number[];
  plan: string[];
};

export type BrowseCase = { name: string; filters: ListingBrowseFilters };

/**
 * EXPLAIN ANALYZE of the exact queries the browse endpoint sends for page 1 (20 rows + 1),
 * built by the API's own repository function, so a change there shows up here.
 */
export async function explainBrowseQueries(
  db: Database,
  cases: BrowseCase[],
  runs = 8,
): Promise<ExplainedQuery[]> {
  const explained: ExplainedQuery[] = [];
  // The price floors the API reads to choose between gathering and walking (price-floors.ts).
  const floors = await readPriceFloors(db);
  for (const { name, filters } of cases) {
    const { sort = 'newest', ...browse } = filters;
    const query = browseListingsQuery(
      db,
      browseShapeOf(browse, sort, null, floors),
      browseValuesOf(browse, null, 21),
    ) as unknown as SQLWrapper;
    const times: number[] = [];
    let plan: string[] = [];
    for (let run = 0; run < runs; run += 1) {
      const result = (await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      plan = result.rows.map((row) => row['QUERY PLAN']);
      const time = /Execution Time: ([\d.]+) ms/.exec(plan.join('\n'))?.[1];
      times.push(Number(time));
    }
    const measured = times.slice(1);
    explained.push({
      name,
      executionMs: round(median(measured), 3),
      fastestMs: round(Math.min(...measured), 3),
      firstMs: times[0] ?? Number.NaN,
      runsMs: measured,
      plan,
    });
  }
  return explained;
}
