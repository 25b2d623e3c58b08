import type { ListingBrowseFilters } from '@basha/domain';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../../apps/api/src/db/client.ts';
import {
  type BrowsePlan,
  browseListingsQuery,
  browseShapeOf,
  browseValuesOf,
} from '../../../apps/api/src/modules/listings/browse-listings.repository.ts';
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
  runsMs: number[];
  /** The plans the endpoint ran: the walk, and the gather when the walk found too few. */
  plans: BrowsePlan[];
  plan: string[];
};

export type BrowseCase = { name: string; filters: ListingBrowseFilters };

/**
 * EXPLAIN ANALYZE of the exact queries the browse endpoint sends for page 1 (20 rows + 1),
 * built by the API's own repository function, so a change there shows up here: the walk,
 * and when it finds fewer than 21 rows the gather too, as the endpoint does; a run's time is
 * the sum of both.
 */
export async function explainBrowseQueries(
  db: Database,
  cases: BrowseCase[],
  runs = 8,
): Promise<ExplainedQuery[]> {
  const explained: ExplainedQuery[] = [];
  for (const { name, filters } of cases) {
    const { sort = 'newest', ...browse } = filters;
    const shape = browseShapeOf(browse, sort, null);
    const values = browseValuesOf(browse, null, 21);
    const queryOf = (plan: BrowsePlan) =>
      browseListingsQuery(db, shape, values, plan) as unknown as SQLWrapper;
    const walked = (await db.execute(sql`${queryOf('walk')}`)) as unknown as { rows: unknown[] };
    const plans: BrowsePlan[] = walked.rows.length >= 21 ? ['walk'] : ['walk', 'gather'];
    const times: number[] = [];
    let plan: string[] = [];
    for (let run = 0; run < runs; run += 1) {
      let total = 0;
      plan = [];
      for (const step of plans) {
        const result = (await db.execute(
          sql`EXPLAIN (ANALYZE, BUFFERS) ${queryOf(step)}`,
        )) as unknown as { rows: { 'QUERY PLAN': string }[] };
        const lines = result.rows.map((row) => row['QUERY PLAN']);
        plan.push(`-- ${step}`, ...lines);
        total += Number(/Execution Time: ([\d.]+) ms/.exec(lines.join('\n'))?.[1]);
      }
      times.push(total);
    }
    const measured = times.slice(1);
    explained.push({
      name,
      executionMs: round(median(measured), 3),
      fastestMs: round(Math.min(...measured), 3),
      runsMs: measured,
      plans,
      plan,
    });
  }
  return explained;
}
