import fs from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import {
  type DatabaseHandle,
  type DatabaseOptions,
  embeddedDatabaseOn,
  startEmbeddedClient,
} from '../src/db/client.ts';
import { namedStatementsOn } from '../src/db/pglite-statements.ts';
import { EMPTY_ROWS_AND_SEQUENCES, SCHEMA_DIGEST } from './emptied-database.ts';

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
  ${EMPTY_ROWS_AND_SEQUENCES}
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

async function schemaOf(client: PGlite): Promise<string> {
  const result = await client.query<{ digest: string }>(SCHEMA_DIGEST);
  return result.rows[0]?.digest ?? '';
}
