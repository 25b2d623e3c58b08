import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, embeddedClientOf, openEmbeddedDatabase } from '../db/client.ts';
import { BackupError } from './backup-error.ts';
import { runPostgresTool } from './postgres-tools.ts';
import type { SnapshotQuery } from './snapshot-reads.ts';

/** The database a backup reads: a PostgreSQL server, or the open embedded database. */
export type DatabaseSource =
  | { driver: 'postgres'; url: string }
  | { driver: 'pglite'; database: DatabaseHandle };

/** Where a restore writes: an empty PostgreSQL database, or an empty PGlite data directory. */
export type DatabaseTarget =
  | { driver: 'postgres'; url: string }
  | { driver: 'pglite'; dataDir: string; fsync: boolean };

/** The dump's file name in a backup folder, per driver. */
export const DUMP_FILES = { postgres: 'database.pgdump', pglite: 'database.tar.gz' } as const;

/**
 * Writes the database's dump to `file` and runs `read` on the very state dumped: one
 * snapshot for both, so what `read` counts is what the dump holds.
 */
export async function dumpInOneSnapshot<T>(
  source: DatabaseSource,
  file: string,
  read: (query: SnapshotQuery) => Promise<T>,
): Promise<T> {
  if (source.driver === 'postgres') {
    const client = new pg.Client({ connectionString: source.url });
    await client.connect();
    try {
      // pg_dump joins this transaction's snapshot (--snapshot), so the counts below and the
      // dump see the same committed rows while writes go on.
      await client.query('begin isolation level repeatable read, read only');
      const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
      const found = await read(async (sql) => (await client.query(sql)).rows);
      await runPostgresTool(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--snapshot=${rows[0]?.id}`,
          `--file=${file}`,
        ],
        source.url,
      );
      await client.query('commit');
      return found;
    } finally {
      await client.end();
    }
  }
  const client = embeddedClientOf(source.database);
  // PGlite runs one transaction at a time: while this one is open no other write is half
  // done, so the files dumped are the state the counts see, at a commit boundary.
  return client.transaction(async (tx) => {
    await tx.query('set transaction read only');
    const found = await read(async (sql) => (await tx.query<Record<string, unknown>>(sql)).rows);
    const dump = await client.dumpDataDir('gzip');
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return found;
  });
}

/** Refuses a target that holds anything; restoring never merges into existing data. */
export async function assertDatabaseEmpty(target: DatabaseTarget): Promise<void> {
  if (target.driver === 'pglite') {
    const entries = await fs.readdir(target.dataDir).catch(() => []);
    if (entries.length > 0) {
      throw new BackupError(
        `The embedded database folder ${target.dataDir} is not empty. Restore needs an empty data directory: set DATA_DIR to a new folder, or move this one away.`,
      );
    }
    return;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where s.nspname not in ('pg_catalog', 'information_schema')
         and s.nspname not like 'pg_toast%' and s.nspname not like 'pg_temp%'`,
    );
    if ((rows[0]?.n ?? 0) > 0) {
      throw new BackupError(
        `The database at DATABASE_URL is not empty (${rows[0]?.n} tables, indexes or sequences). Restore needs an empty database: create a new one (createdb) and point DATABASE_URL at it.`,
      );
    }
  } finally {
    await client.end();
  }
}

/** Loads a dump into an empty target, then reads the restored state with `read`. */
export async function restoreDump<T>(
  target: DatabaseTarget,
  file: string,
  read: (query: SnapshotQuery) => Promise<T>,
): Promise<T> {
  if (target.driver === 'postgres') {
    await runPostgresTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file],
      target.url,
    );
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      return await read(async (sql) => (await client.query(sql)).rows);
    } finally {
      await client.end();
    }
  }
  await fs.mkdir(path.dirname(target.dataDir), { recursive: true });
  const snapshot = new Blob([await fs.readFile(file)]);
  const restored = await openEmbeddedDatabase({
    dataDir: target.dataDir,
    snapshot,
    fsync: target.fsync,
  });
  try {
    const client = embeddedClientOf(restored);
    return await read(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows);
  } finally {
    await restored.close();
  }
}
