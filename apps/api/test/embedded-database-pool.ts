import fs from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import {
  type DatabaseHandle,
  type DatabaseOptions,
  embeddedDatabaseOn,
  startEmbeddedClient,
} from '../src/db/client.ts';
import { namedStatementsOn } from '../src/db/pglite-statements.ts';

/**
 * Every test file starts from the run's migrated database. On PGlite, loading it from the
 * snapshot took 1–1.3 s alone and 3.2 s (median) inside the suite: 86 loads spent 279 s of
 * its workers' time. So a worker keeps the databases its files have finished with, emptied
 * back to the snapshot's state, and hands them to the next files: the snapshot's tables
 * hold no rows (the migrations' own record aside, which tests never touch), so emptying
 * every table, restarting every sequence and forgetting the planner's statistics leaves a
 * database no test can tell from a fresh copy. A transaction a test left open is rolled
 * back first. One whose schema a test changed (a renamed column), or that a test closed,
 * is not kept.
 */
const idle: PGlite[] = [];
/** More than a file holds at once (two apps on one database count once) is memory only. */
const KEEP_AT_MOST = 2;

let snapshotSchema: Promise<string> | undefined;
let loaded = 0;

/** How many databases this worker has loaded from the snapshot (its tests read it). */
export function snapshotsLoaded(): number {
  return loaded;
}

/** A database as migrated: a kept one, or a new one loaded from `snapshotFile`. */
export async function takeEmbeddedDatabase(
  snapshotFile: string,
  options: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  const client = idle.pop() ?? (await loadSnapshot(snapshotFile));
  let givenBack: Promise<void> | undefined;
  // Closing the handle twice gives the database back once.
  const close = () => {
    givenBack ??= giveBack(client);
    return givenBack;
  };
  return { ...embeddedDatabaseOn(client, options), close };
}

async function loadSnapshot(snapshotFile: string): Promise<PGlite> {
  const snapshot = new Blob([await fs.readFile(snapshotFile)]);
  const client = await startEmbeddedClient({ snapshot });
  loaded += 1;
  // The schema every kept database must still have, read from the first one loaded.
  snapshotSchema ??= schemaOf(client);
  await snapshotSchema;
  return client;
}

async function giveBack(client: PGlite): Promise<void> {
  if (client.closed) return;
  const reusable =
    idle.length < KEEP_AT_MOST &&
    (await emptied(client)) &&
    (await schemaOf(client)) === (await snapshotSchema);
  if (reusable) idle.push(client);
  else await client.close();
}

/** Empties the database back to the snapshot's state; false when it cannot be. */
async function emptied(client: PGlite): Promise<boolean> {
  try {
    await client.exec(EMPTY_TO_SNAPSHOT);
    namedStatementsOn(client).forget();
    return true;
  } catch {
    return false;
  }
}

const EMPTY_TO_SNAPSHOT = `
  ROLLBACK;
  DO $$
  DECLARE
    tables text;
    candidate record;
    has_rows boolean;
    sequence record;
  BEGIN
    -- Only tables that hold rows: a TRUNCATE makes every table and index new files, and a
    -- file's tests write to a few of the 24 tables (94 ms a file when all were emptied).
    FOR candidate IN SELECT schemaname, tablename FROM pg_tables WHERE schemaname = 'public'
    LOOP
      EXECUTE format('SELECT EXISTS (SELECT FROM %I.%I)', candidate.schemaname,
        candidate.tablename) INTO has_rows;
      IF has_rows THEN
        tables := concat_ws(', ', tables,
          format('%I.%I', candidate.schemaname, candidate.tablename));
      END IF;
    END LOOP;
    IF tables IS NOT NULL THEN
      EXECUTE 'TRUNCATE ' || tables || ' RESTART IDENTITY CASCADE';
    END IF;
    FOR sequence IN SELECT schemaname, sequencename FROM pg_sequences WHERE schemaname = 'public'
    LOOP
      EXECUTE format('ALTER SEQUENCE %I.%I RESTART', sequence.schemaname, sequence.sequencename);
    END LOOP;
  END $$;
  -- A file's ANALYZE (or autovacuum's) would otherwise plan the next file's queries.
  DELETE FROM pg_statistic WHERE starelid IN
    (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace);
  DELETE FROM pg_statistic_ext_data WHERE stxoid IN
    (SELECT oid FROM pg_statistic_ext WHERE stxnamespace = 'public'::regnamespace);
  RESET ALL;
  UNLISTEN *;
  SELECT pg_advisory_unlock_all();
  DEALLOCATE ALL;
`;

/** A digest of everything but the rows: relations, columns, indexes, constraints, triggers, functions, enums. */
async function schemaOf(client: PGlite): Promise<string> {
  const result = await client.query<{ digest: string }>(`
    SELECT md5(string_agg(part, '|' ORDER BY part)) AS digest FROM (
      SELECT format('schema %s', nspname) FROM pg_namespace
      UNION ALL
      SELECT format('relation %s.%s %s', relnamespace::regnamespace, relname, relkind)
        FROM pg_class WHERE relnamespace IN ('public'::regnamespace, 'drizzle'::regnamespace)
      UNION ALL
      SELECT format('column %s.%s %s %s %s', attrelid::regclass, attname,
               format_type(atttypid, atttypmod), attnotnull, pg_get_expr(adbin, adrelid))
        FROM pg_attribute
        JOIN pg_class ON pg_class.oid = attrelid
        LEFT JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum
        WHERE relnamespace = 'public'::regnamespace AND attnum > 0 AND NOT attisdropped
      UNION ALL
      SELECT format('index %s', pg_get_indexdef(indexrelid))
        FROM pg_index JOIN pg_class ON pg_class.oid = indrelid
        WHERE relnamespace = 'public'::regnamespace
      UNION ALL
      SELECT format('constraint %s %s', conname, pg_get_constraintdef(oid))
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace
      UNION ALL
      SELECT format('trigger %s %s', tgrelid::regclass, pg_get_triggerdef(oid))
        FROM pg_trigger WHERE NOT tgisinternal
      UNION ALL
      SELECT format('function %s %s', oid::regprocedure, md5(prosrc))
        FROM pg_proc WHERE pronamespace = 'public'::regnamespace
      UNION ALL
      SELECT format('enum %s %s %s', enumtypid::regtype, enumsortorder, enumlabel) FROM pg_enum
      UNION ALL
      SELECT format('migrations %s', count(*)) FROM drizzle.__drizzle_migrations
    ) AS parts(part)
  `);
  return result.rows[0]?.digest ?? '';
}
