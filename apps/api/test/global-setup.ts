import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  dumpEmbeddedDatabase,
  openEmbeddedDatabase,
  openPostgresDatabase,
} from '../src/db/client.ts';
import { TEMPLATE_DATABASE, withDatabase } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTarget:
      | { driver: 'pglite'; snapshotFile: string }
      | { driver: 'postgres'; serverUrl: string };
  }
}

/**
 * Migrates one database per run, then every test file starts from a copy: a dumped PGlite
 * data directory (well under a second to load) or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    await withDatabase(serverUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    });
    const template = await openPostgresDatabase(databaseUrlFor(serverUrl, TEMPLATE_DATABASE));
    await template.migrate();
    await template.close();
    project.provide('databaseTarget', { driver: 'postgres', serverUrl });
    return;
  }
  const embedded = await openEmbeddedDatabase();
  await embedded.migrate();
  const snapshot = await dumpEmbeddedDatabase(embedded);
  await embedded.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-test-'));
  const snapshotFile = path.join(dir, 'migrated.tar');
  await fs.writeFile(snapshotFile, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('databaseTarget', { driver: 'pglite', snapshotFile });
  return () => fs.rm(dir, { recursive: true, force: true });
}

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
