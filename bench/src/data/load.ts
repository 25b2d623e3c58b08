import { sql } from 'drizzle-orm';
import type { Database } from '../../../apps/api/src/db/client.ts';

/** Tables the generator fills; their secondary indexes are rebuilt once after the load. */
const FILLED_TABLES = [
  'users',
  'accounts',
  'listings',
  'listing_photos',
  'wishlist_items',
  'reviews',
  'offers',
  'notifications',
];

/** One statement of the generation, named for the timings it reports. */
export type GenerationStep = { label: string; sql: string };

export type StepTiming = { label: string; seconds: number };

async function rows<T>(db: Database, text: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(text))) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs the generation steps in one transaction. Non-unique indexes are dropped first and
 * recreated from their own definitions (pg_indexes) afterwards: building a GIN trigram
 * index once over a million rows is far faster than maintaining it row by row. Unique
 * indexes stay, because ON CONFLICT DO NOTHING relies on them.
 */
export async function loadInOneTransaction(
  db: Database,
  steps: GenerationStep[],
  options: { maintenanceWorkMem: string; log: (line: string) => void },
): Promise<StepTiming[]> {
  const timings: StepTiming[] = [];
  const timed = async (label: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    const seconds = (performance.now() - started) / 1000;
    timings.push({ label, seconds });
    options.log(`  ${seconds.toFixed(1).padStart(6)} s  ${label}`);
  };

  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL maintenance_work_mem = '${options.maintenanceWorkMem}'`));
    await tx.execute(sql.raw('SET LOCAL synchronous_commit = off'));
    const indexes = await rows<{ name: string; definition: string }>(
      tx,
      `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE n.nspname = 'public' AND NOT i.indisunique AND NOT i.indisprimary
         AND t.relname IN (${FILLED_TABLES.map((t) => `'${t}'`).join(',')})
       ORDER BY c.relname`,
    );
    await timed(`drop ${indexes.length} secondary indexes`, async () => {
      for (const index of indexes) await tx.execute(sql.raw(`DROP INDEX "${index.name}"`));
    });
    for (const step of steps) await timed(step.label, () => tx.execute(sql.raw(step.sql)));
    for (const index of indexes) {
      await timed(`index ${index.name}`, () => tx.execute(sql.raw(index.definition)));
    }
  });
  // Outside the transaction: VACUUM cannot run in one. It also sets hint bits and the
  // visibility map, so the first benchmark does not pay for the bulk load.
  await timed('vacuum analyze', () =>
    db.execute(sql.raw(`VACUUM ANALYZE ${FILLED_TABLES.join(', ')}`)),
  );
  return timings;
}
