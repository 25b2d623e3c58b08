import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emptyTarget } from '../../test/restore-targets.ts';
import { createTestApp, logIn, sessionCookieOf, signUp } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openEmbeddedDatabase } from '../db/client.ts';

const API_ROOT = path.resolve(import.meta.dirname, '../..');
// Durability is not under test: PGlite without fsync is several times faster on disk.
const BASE_ENV = {
  NODE_ENV: 'test',
  DEMO_DATA: 'false',
  LOG_LEVEL: 'silent',
  PGLITE_FSYNC: 'false',
};
const person = { name: 'Backed Up', email: 'backed-up@example.test', password: 'Passw0rd!x' };

/**
 * Runs the command `npm run backup|restore -- <dir>` runs (the compiled CLI, which
 * test/global-setup.ts builds), with only the given settings.
 */
function cli(command: 'backup' | 'restore', dir: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['dist/backup.js', command, dir], {
      cwd: API_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...BASE_ENV, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function app(env: Record<string, string>): Promise<FastifyInstance> {
  return buildApp(loadConfig({ ...BASE_ENV, ...env }));
}

let scratch: string;
beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-backup-cli-'));
});
afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

describe('npm run backup / npm run restore', () => {
  it('backs up a site and restores it elsewhere, where the account and its photo work', async () => {
    const backupDir = path.join(scratch, 'backup');
    const restoredDataDir = path.join(scratch, 'restored');
    let sourceEnv: Record<string, string>;
    let closeSource: () => Promise<void>;

    const databaseTarget = inject('databaseTarget');
    if (databaseTarget.driver === 'pglite') {
      // The embedded database on disk, as `npm start` keeps it (started from the run's
      // migrated snapshot: migrating on disk takes many seconds).
      sourceEnv = { DATA_DIR: path.join(scratch, 'source') };
      const database = await openEmbeddedDatabase({
        dataDir: path.join(sourceEnv.DATA_DIR as string, 'db'),
        snapshot: new Blob([await fs.readFile(databaseTarget.snapshotFile)]),
      });
      const running = await buildApp(loadConfig({ ...BASE_ENV, ...sourceEnv }), { database });
      expect((await signUp(running, person)).statusCode).toBe(201);
      const refused = await cli('backup', backupDir, sourceEnv);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/open in a running Basha server\. Stop the server/);
      await running.close();
      await database.close();
      closeSource = async () => {};
    } else {
      const t = await createTestApp();
      expect((await signUp(t.app, person)).statusCode).toBe(201);
      sourceEnv = { DATABASE_URL: String(t.databaseUrl), DATA_DIR: t.dataDir };
      closeSource = t.close;
    }

    try {
      const backedUp = await cli('backup', backupDir, sourceEnv);
      expect(backedUp.stderr).toBe('');
      expect(backedUp.stdout).toMatch(/^Backed up .+: \d+ tables, \d+ rows, 1 media files\.$/m);
      expect(await fs.readdir(backupDir)).toEqual(expect.arrayContaining(['backup.json', 'media']));
    } finally {
      await closeSource();
    }

    const place = await emptyTarget(scratch);
    const targetEnv: Record<string, string> =
      place.target.driver === 'postgres'
        ? { DATABASE_URL: place.target.url, DATA_DIR: restoredDataDir }
        : { DATA_DIR: restoredDataDir };
    if (place.target.driver === 'pglite') await fs.rm(place.target.dataDir, { force: true });
    try {
      const restored = await cli('restore', backupDir, targetEnv);
      expect([restored.code, restored.stderr]).toEqual([0, '']);
      expect(restored.stdout).toMatch(/^Restored .+: \d+ tables, \d+ rows, 1 media files\.$/m);

      const again = await cli('restore', backupDir, targetEnv);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/is not empty/);

      const site = await app(targetEnv);
      try {
        const cookie = sessionCookieOf(await logIn(site, person.email, person.password));
        const me = await site.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
        expect(me.statusCode).toBe(200);
        const photo = await site.inject({ method: 'GET', url: me.json().photoUrl });
        expect([photo.statusCode, photo.headers['content-type']]).toEqual([200, 'image/webp']);
      } finally {
        await site.close();
      }
    } finally {
      await place.drop();
    }
  }, 180_000);

  it('refuses a folder that is not a backup, and says how to call it', async () => {
    const empty = await fs.mkdtemp(path.join(scratch, 'not-a-backup-'));
    const notABackup = await cli('restore', empty, { DATA_DIR: path.join(scratch, 'nowhere') });
    expect(notABackup.code).toBe(1);
    expect(notABackup.stderr).toMatch(/holds no backup\.json: it is not a Basha backup folder/);
    const usage = await cli('restore', '', {});
    expect([usage.code, usage.stderr]).toEqual([
      1,
      'Usage: npm run backup -- <folder>   or   npm run restore -- <folder>\n',
    ]);
  });
});
