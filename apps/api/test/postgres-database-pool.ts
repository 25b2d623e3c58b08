import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { EMPTY_ROWS_AND_SEQUENCES, SCHEMA_DIGEST } from './emptied-database.ts';
import { databaseUrlFor, TEMPLATE_DATABASE, withDatabase } from './postgres-admin.ts';

/**
 * The PostgreSQL suite's databases, kept per worker as the PGlite suite's are (ADR 36). A
 * copy of the template cost 240 ms on a quiet server and 450 ms (median) inside the suite,
 * and dropping it 175 ms more, once or more per file. A worker keeps the databases its files
 * have finished with, emptied back to the template's state (no rows, sequences from 1), and
 * hands them to its next files. Unlike PGlite's, their planner statistics stay (deleting them
 * needs a superuser): they choose how rows are found, never which. One whose schema a test
 * changed is dropped, as is every database of the run when it ends (`dropRunDatabases`).
 */
const idle: string[] = [];
/** More than a file holds at once is disk only. */
const KEEP_AT_MOST = 2;

let templateSchema: Promise<string> | undefined;

/** The name of a database as migrated: a kept one, or a new copy of the run's template. */
export async function takePostgresDatabase(serverUrl: string, runPrefix: string): Promise<string> {
  const kept = idle.pop();
  if (kept) return kept;
  const name = `${runPrefix}${randomUUID().replaceAll('-', '')}`;
  await withDatabase(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`),
  );
  // Read from the first copy (reading the template itself would hold off other workers'
  // copies: PostgreSQL copies no template another session is connected to).
  templateSchema ??= withDatabase(databaseUrlFor(serverUrl, name), schemaOf);
  await templateSchema;
  return name;
}

/** Empties a database a file is done with for the next, or drops it. */
export async function giveBackPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  const reusable =
    idle.length < KEEP_AT_MOST &&
    (await withDatabase(databaseUrlFor(serverUrl, name), async (client) => {
      // A connection the file left open (an app not closed, a process it started) must not
      // write into the next file's data.
      await client.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      await client.query(EMPTY_ROWS_AND_SEQUENCES);
      return (await schemaOf(client)) === (await templateSchema);
    }).catch(() => false));
  if (reusable) idle.push(name);
  else {
    await withDatabase(serverUrl, (client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`));
  }
}

/** Drops every database the run made (workers end without giving theirs back). */
export async function dropRunDatabases(serverUrl: string, runPrefix: string): Promise<void> {
  await withDatabase(serverUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      'SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)',
      [runPrefix],
    );
    for (const { name } of rows) await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
  });
}

/** A name prefix for one run's databases, so that teardown drops exactly those. */
export function newRunPrefix(): string {
  return `basha_test_${randomUUID().slice(0, 8)}_`;
}

async function schemaOf(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ digest: string }>(SCHEMA_DIGEST);
  return rows[0]?.digest ?? '';
}
