import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import {
  type DatabaseHandle,
  dumpEmbeddedDatabase,
  openEmbeddedDatabase,
  openPostgresDatabase,
} from '../src/db/client.ts';
import { buildApi } from './build-api.ts';
import { databaseUrlFor, TEMPLATE_DATABASE, withDatabase } from './postgres-admin.ts';
import { dropRunDatabases, newRunPrefix } from './postgres-database-pool.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTarget:
      | {
          driver: 'pglite';
          /** The migrated database every test file starts from. */
          snapshotFile: string;
          /** The same database before any migration, for tests of the migrations themselves. */
          emptySnapshotFile: string;
        }
      | {
          driver: 'postgres';
          serverUrl: string;
          /** Every database the run's files take is named with it (postgres-database-pool.ts). */
          runPrefix: string;
        };
  }
}

type DatabaseTarget = ProvidedContext['databaseTarget'];

/** The projects of one run (vitest.config.ts) share what it prepares: made once. */
const PREPARED = Symbol.for('basha.test.migrated-database');

/**
 * Compiles the API once per run, for the files that start it as real processes (files of
 * the two projects run side by side: one rebuilding dist/ while another starts a server from
 * it would be a race). Migrates one database per run, then every test file starts from a
 * copy: a dumped PGlite data directory (well under a second to load) or a PostgreSQL
 * template database. On PGlite the database is also dumped before its migrations: a new
 * PGlite runs initdb, 2.7–4.2 s here against 1.0–1.3 s to load that dump.
 */
export default async function setup(project: TestProject) {
  const run = globalThis as { [PREPARED]?: Promise<DatabaseTarget> };
  run[PREPARED] ??= prepareRun();
  const target = await run[PREPARED];
  project.provide('databaseTarget', target);
  // Workers end without giving their databases back: the run drops them when it ends.
  return async () => {
    if (target.driver === 'postgres') await dropRunDatabases(target.serverUrl, target.runPrefix);
  };
}

async function prepareRun(): Promise<DatabaseTarget> {
  buildApi();
  return migratedDatabase();
}

async function migratedDatabase(): Promise<DatabaseTarget> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    await withDatabase(serverUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    });
    const template = await openPostgresDatabase(databaseUrlFor(serverUrl, TEMPLATE_DATABASE));
    await template.migrate();
    await template.close();
    return { driver: 'postgres', serverUrl, runPrefix: newRunPrefix() };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-test-'));
  // Removed when the run ends, not at a project's teardown: a later project still reads it.
  process.once('exit', () => fsSync.rmSync(dir, { recursive: true, force: true }));
  const dumpTo = async (embedded: DatabaseHandle, name: string) => {
    const file = path.join(dir, name);
    await fs.writeFile(
      file,
      Buffer.from(await (await dumpEmbeddedDatabase(embedded)).arrayBuffer()),
    );
    return file;
  };
  const embedded = await openEmbeddedDatabase();
  const emptySnapshotFile = await dumpTo(embedded, 'empty.tar');
  await embedded.migrate();
  const snapshotFile = await dumpTo(embedded, 'migrated.tar');
  await embedded.close();
  return { driver: 'pglite', snapshotFile, emptySnapshotFile };
}
