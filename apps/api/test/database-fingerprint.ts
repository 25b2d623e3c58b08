import { sql } from 'drizzle-orm';
import { HOUSEKEEPING_JOB } from '../src/jobs/housekeeping.job.ts';
import { RECONCILE_PAYMENTS_JOB } from '../src/modules/payments/reconciliation.job.ts';
import { SAVED_SEARCH_DIGEST_JOB } from '../src/modules/saved-searches/saved-search.jobs.ts';
import type { TestApp } from './test-app.ts';

/**
 * The jobs the app's runner schedules for itself on its own clock (jobs/run-jobs.ts): it runs
 * and reschedules them whenever their time comes, whatever a request did, and no request
 * enqueues them. A run of the suite that crossed a five-minute slot saw `jobs` change.
 */
export const RECURRING_JOBS = [HOUSEKEEPING_JOB, SAVED_SEARCH_DIGEST_JOB, RECONCILE_PAYMENTS_JOB];

/**
 * A digest of every row of every table of the app's schema (found in the catalog, so a new
 * table counts without being listed), but the runner's own recurring jobs: equal before and
 * after a request means it wrote nothing.
 */
export async function databaseFingerprint(t: TestApp): Promise<string> {
  const tables = await tablesOf(t);
  const recurring = RECURRING_JOBS.map((job) => `'${job}'`).join(', ');
  const parts = tables.map(({ name }) =>
    sql.raw(
      `(select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') from "${name}" t${
        name === 'jobs' ? ` where t.name not in (${recurring})` : ''
      })`,
    ),
  );
  const [row] = await rowsOf<{ fingerprint: string }>(
    t,
    sql`select concat_ws(',', ${sql.join(parts, sql`, `)}) as fingerprint`,
  );
  return row?.fingerprint ?? '';
}

/**
 * The schema's tables, read once per database: a test compares fingerprints thousands of
 * times (the authorization matrix, the fuzzed input) and never adds a table meanwhile.
 */
const tablesByDatabase = new WeakMap<object, Promise<{ name: string }[]>>();
function tablesOf(t: TestApp): Promise<{ name: string }[]> {
  let tables = tablesByDatabase.get(t.database.db);
  if (!tables) {
    tables = rowsOf<{ name: string }>(
      t,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    tablesByDatabase.set(t.database.db, tables);
  }
  return tables;
}

/** The rows a raw query answers, from either database's driver. */
export async function rowsOf<Row>(t: TestApp, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await t.database.db.execute(query);
  // node-postgres answers { rows }, PGlite's Drizzle driver too; keep both shapes readable.
  return (result as { rows?: Row[] }).rows ?? [];
}
