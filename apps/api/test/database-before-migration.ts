import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { inject } from 'vitest';
import { API_ROOT } from '../src/api-root.ts';
import type { SnapshotQuery } from '../src/backup/snapshot-reads.ts';
import {
  type DatabaseHandle,
  openEmbeddedDatabase,
  openPostgresDatabase,
} from '../src/db/client.ts';
import { databaseUrlFor, withDatabase } from './postgres-admin.ts';

/**
 * A new database of the kind this run tests (PGlite or PostgreSQL) as the migrations before
 * `tag` (e.g. '0008') left it, to test what migration `tag` does to rows written before it.
 * `database.migrate()` then applies the rest, as an upgraded deployment would.
 */
export async function openDatabaseBefore(
  tag: string,
): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-migrations-'));
  const migrationsFolder = await copyMigrationsBefore(tag, scratch);
  const opened = await openEmptyDatabase();
  try {
    if (opened.database.driver === 'pglite') {
      await migratePglite(opened.database.db as never, { migrationsFolder });
    } else {
      await migrateNodePostgres(opened.database.db as never, { migrationsFolder });
    }
  } catch (error) {
    await opened.drop();
    throw error;
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  return opened;
}

/** The rows `seedAgentBuyersAndListings` writes, by id. */
export const SEEDED = {
  agent: '00000000-0000-4000-8000-000000000001',
  buyers: [
    '00000000-0000-4000-8000-000000000002',
    '00000000-0000-4000-8000-000000000003',
    '00000000-0000-4000-8000-000000000004',
  ],
  flat: '00000000-0000-4000-8000-000000000005',
  plot: '00000000-0000-4000-8000-000000000006',
} as const;

/**
 * An agent, three buyers and two verified listings (a flat at 5 000–5 100 TK, a plot at
 * 70 000–90 000 TK), written with the columns every migration since 0014 has: the rows a
 * backfill's offers hang on.
 */
export async function seedAgentBuyersAndListings(database: DatabaseHandle): Promise<void> {
  const { agent, buyers, flat, plot } = SEEDED;
  await database.jobQuery(
    `insert into users (id, name, email, email_verified, role) values
      ('${agent}', 'Agent', 'agent@example.com', true, 'agent'),
      ('${buyers[0]}', 'Buyer A', 'a@example.com', true, 'user'),
      ('${buyers[1]}', 'Buyer B', 'b@example.com', true, 'user'),
      ('${buyers[2]}', 'Buyer C', 'c@example.com', true, 'user')`,
    [],
  );
  await database.jobQuery(
    `insert into listings (id, agent_id, title, location, description, photo_key,
       photo_width, photo_height, price_min, price_max, status) values
      ('${flat}', '${agent}', 'Flat', 'Gulshan', 'A flat', 'listing-photos/a', 1200, 800, 5000, 5100, 'verified'),
      ('${plot}', '${agent}', 'Plot', 'Purbachal', 'A plot', 'listing-photos/b', 1200, 800, 70000, 90000, 'verified')`,
    [],
  );
}

/** Every row of a table, in a stable order (by id), as the driver returns it. */
export const rowsOf = (database: DatabaseHandle, table: string) =>
  database.jobQuery(`select * from ${table} order by id`, []);

/**
 * Rows cut to the columns the expected rows have: `database.migrate()` applies every later
 * migration too, and the columns they add are not the tested migration's business.
 */
export const columnsOf = (rows: Record<string, unknown>[], expected: Record<string, unknown>[]) =>
  rows.map((row, index) =>
    Object.fromEntries(Object.keys(expected[index] ?? row).map((column) => [column, row[column]])),
  );

/** The backup's reads (referencedMediaKeys…) run on the database as it is. */
export const snapshotQuery =
  (database: DatabaseHandle): SnapshotQuery =>
  (text) =>
    database.jobQuery(text, []);

/** The migrations folder copied into `scratch`, without `tag` and every later migration. */
async function copyMigrationsBefore(tag: string, scratch: string): Promise<string> {
  await fs.cp(path.join(API_ROOT, 'drizzle'), scratch, { recursive: true });
  const journalFile = path.join(scratch, 'meta/_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8'));
  const later = journal.entries.filter((entry: { tag: string }) => entry.tag >= tag);
  await Promise.all(
    later.map((entry: { tag: string }) => fs.rm(path.join(scratch, `${entry.tag}.sql`))),
  );
  journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < tag);
  await fs.writeFile(journalFile, JSON.stringify(journal));
  return scratch;
}

/**
 * A new embedded database before any migration, loaded from the PGlite run's dump of one
 * (global-setup.ts). Only a PGlite run has that dump: a file that calls this is a
 * *.pglite.test.ts, which the PostgreSQL suite leaves out (vitest.config.ts).
 */
export async function openEmptyEmbeddedDatabase(): Promise<DatabaseHandle> {
  const target = inject('databaseTarget');
  if (target.driver !== 'pglite') {
    throw new Error('an empty embedded database is made only in a PGlite run: *.pglite.test.ts');
  }
  return openEmbeddedDatabase({
    snapshot: new Blob([await fs.readFile(target.emptySnapshotFile)]),
  });
}

async function openEmptyDatabase(): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  const target = inject('databaseTarget');
  if (target.driver === 'pglite') {
    const database = await openEmptyEmbeddedDatabase();
    return { database, drop: () => database.close() };
  }
  const name = `basha_test_${randomUUID().replaceAll('-', '')}`;
  await withDatabase(target.serverUrl, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE template0`),
  );
  const database = await openPostgresDatabase(databaseUrlFor(target.serverUrl, name));
  return {
    database,
    drop: async () => {
      await database.close();
      await withDatabase(target.serverUrl, (client) =>
        client.query(`DROP DATABASE ${name} WITH (FORCE)`),
      );
    },
  };
}
