// WEB_CONCURRENCY (ADR 21): several API processes behind one port, as `npm start` runs them.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { buildApi, killStartedApis, startApi, untilReady } from './api-process.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const TOKEN = 'metrics-token-for-the-tests-0123';

beforeAll(() => buildApi());
afterAll(() => killStartedApis());

describe('WEB_CONCURRENCY', () => {
  it('is 1 unless set, and takes a whole number of processes', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    const url = 'postgres://basha@db.internal/basha';
    expect(loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: url }).webConcurrency).toBe(4);
    for (const wrong of ['0', '1.5', 'many']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: wrong, DATABASE_URL: url })).toThrow(
        /WEB_CONCURRENCY/,
      );
    }
  });

  it('above 1 on the embedded database refuses to start and says why, naming DATABASE_URL', async () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(ConfigError);
    const dataDir = fs.mkdtempSync('/tmp/basha-concurrency-');
    const api = await startApi({ WEB_CONCURRENCY: '2', DATA_DIR: dataDir });
    expect(await api.exited).toBe(1);
    expect(api.output()).toContain('WEB_CONCURRENCY: more than 1 needs DATABASE_URL');
    expect(api.output()).toContain('PGlite');
    // It stopped before opening the database: nothing was created.
    expect(fs.readdirSync(dataDir)).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

// Several processes share one database only on a PostgreSQL server.
if (inject('databaseTarget').driver === 'postgres') {
  describe('WEB_CONCURRENCY=2 on PostgreSQL', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ JOBS: 'separate' });
    });
    afterAll(() => t.close());

    it('answers on one port from two processes, children of the first, and stops on SIGTERM with exit 0', async () => {
      const api = await startApi({
        WEB_CONCURRENCY: '2',
        DATABASE_URL: t.databaseUrl as string,
        METRICS_TOKEN: TOKEN,
        // Both workers start together: the advisory lock lets one seed, the other waits.
        DEMO_DATA: 'true',
        LOG_LEVEL: 'info',
      });
      await untilReady(api);

      const pids = new Set<number>();
      for (let n = 0; n < 40 && pids.size < 2; n += 1) {
        // A new connection each time: the primary hands connections to its workers in turn.
        const scrape = await fetch(`http://127.0.0.1:${api.port}/api/metrics`, {
          headers: { authorization: `Bearer ${TOKEN}`, connection: 'close' },
        });
        expect(scrape.status).toBe(200);
        const pid = /^basha_process_pid (\d+)$/m.exec(await scrape.text())?.[1];
        pids.add(Number(pid));
      }
      expect(pids.size).toBe(2);
      for (const pid of pids) {
        expect(pid).not.toBe(api.child.pid);
        expect(parentOf(pid)).toBe(api.child.pid);
      }
      // Both processes made sure of the demo data, one after the other: one seeded it, the
      // other found it there.
      const seeding = api
        .output()
        .split('\n')
        .filter((line) => line.includes('"demo data ready"'))
        .map((line) => JSON.parse(line) as { accountsCreated: number; marketplace: string });
      expect(seeding.map((s) => s.marketplace).sort()).toEqual(['already-seeded', 'seeded']);
      expect(seeding.find((s) => s.marketplace === 'already-seeded')?.accountsCreated).toBe(0);
      const browse = await fetch(`http://127.0.0.1:${api.port}/api/v1/listings/latest`);
      expect(browse.status).toBe(200);
      expect(((await browse.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);

      api.child.kill('SIGTERM');
      expect(await api.exited).toBe(0);
      for (const pid of pids) expect(isRunning(pid)).toBe(false);
    }, 60_000);
  });
}

/** The parent pid of a process, from /proc (Linux). */
function parentOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
