import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app.ts';

/**
 * A digest of every row of every table of the app's schema (found in the catalog, so a new
 * table counts without being listed): equal before and after a request means it wrote nothing.
 */
export async function databaseFingerprint(t: TestApp): Promise<string> {
  const tables = await rowsOf<{ name: string }>(
    t,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const parts = tables.map(({ name }) =>
    sql.raw(
      `(select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') from "${name}" t)`,
    ),
  );
  const [row] = await rowsOf<{ fingerprint: string }>(
    t,
    sql`select concat_ws(',', ${sql.join(parts, sql`, `)}) as fingerprint`,
  );
  return row?.fingerprint ?? '';
}

async function rowsOf<Row>(t: TestApp, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await t.database.db.execute(query);
  // node-postgres answers { rows }, PGlite's Drizzle driver too; keep both shapes readable.
  return (result as { rows?: Row[] }).rows ?? [];
}
