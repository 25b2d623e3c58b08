// WEB_CONCURRENCY (ADR 21): several API processes behind one port, children of a primary
// that replaces one that dies and stops them all on SIGTERM. Each process is the compiled
// server (`node dist/server.js`, built by test/global-setup.ts). Refusing more than one
// process on the embedded database is tested on either database. Its bounds (20 s for both
// processes to answer, 6 deaths within 60 s) leave room for neighbouring files, so it runs
// among them rather than with the timed files.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { killStartedApis, startApi, untilReady, WITH_PROCESSES_MS } from './api-process.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { until } from './until.ts';

const TOKEN = 'metrics-token-for-the-tests-0123';

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
  describe('WEB_CONCURRENCY=2 on PostgreSQL', { timeout: WITH_PROCESSES_MS }, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ JOBS: 'separate' });
    });
    afterAll(() => t.close());

    it('answers on one port from two processes, children of the first, replaces one killed, and stops on SIGTERM with exit 0', async () => {
      const api = await startApi({
        WEB_CONCURRENCY: '2',
        DATABASE_URL: t.databaseUrl as string,
        METRICS_TOKEN: TOKEN,
        // Both workers start together: the advisory lock lets one seed, the other waits.
        DEMO_DATA: 'true',
        LOG_LEVEL: 'info',
      });
      await untilReady(api);

      /** The pids that answer scrapes, until `wanted` is satisfied (for at most 20 s). */
      const pidsAnswering = async (wanted: (seen: Set<number>) => boolean) => {
        const seen = new Set<number>();
        const deadline = Date.now() + 20_000;
        while (!wanted(seen) && Date.now() < deadline) {
          // A new connection each time: the primary hands connections to its workers in turn.
          const scrape = await fetch(`http://127.0.0.1:${api.port}/api/metrics`, {
            headers: { authorization: `Bearer ${TOKEN}`, connection: 'close' },
            signal: AbortSignal.timeout(5_000),
          });
          expect(scrape.status).toBe(200);
          seen.add(Number(/^basha_process_pid (\d+)$/m.exec(await scrape.text())?.[1]));
          if (seen.size > 0) await sleep(50);
        }
        return seen;
      };
      const pids = await pidsAnswering((seen) => seen.size >= 2);
      expect(pids.size).toBe(2);
      for (const pid of pids) {
        expect(pid).not.toBe(api.child.pid);
        expect(parentOf(pid)).toBe(api.child.pid);
      }
      // A worker killed outright is replaced, and its replacement answers on the same port.
      const [killed] = pids;
      process.kill(killed as number, 'SIGKILL');
      // Once the primary has seen it die: a connection it handed over in that instant is lost
      // with the process, as with any process killed outright.
      await until(() => api.output().includes('an API process died'));
      const after = await pidsAnswering((seen) => [...seen].some((pid) => !pids.has(pid)));
      const replacement = [...after].find((pid) => !pids.has(pid)) as number;
      expect(replacement).toBeDefined();
      expect(parentOf(replacement)).toBe(api.child.pid);
      expect(after.has(killed as number)).toBe(false);
      pids.delete(killed as number);
      pids.add(replacement);

      // Both processes made sure of the demo data, one after the other: one seeded it, the
      // other found it there.
      const seeding = api
        .output()
        .split('\n')
        .filter((line) => line.includes('"demo data ready"'))
        .map((line) => JSON.parse(line) as { accountsCreated: number; marketplace: string });
      // (The replacement did the same, later.)
      expect(seeding.map((s) => s.marketplace).sort()).toEqual([
        'already-seeded',
        'already-seeded',
        'seeded',
      ]);
      for (const later of seeding.filter((s) => s.marketplace === 'already-seeded')) {
        expect(later.accountsCreated).toBe(0);
      }
      const browse = await fetch(`http://127.0.0.1:${api.port}/api/v1/listings/latest`);
      expect(browse.status).toBe(200);
      expect(((await browse.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);

      api.child.kill('SIGTERM');
      expect(await api.exited).toBe(0);
      for (const pid of pids) expect(isRunning(pid)).toBe(false);
    });

    it('answers /api/metrics with the whole port: requests served by either process are counted in one scrape', async () => {
      const api = await startApi({
        WEB_CONCURRENCY: '2',
        DATABASE_URL: t.databaseUrl as string,
        METRICS_TOKEN: TOKEN,
      });
      await untilReady(api);
      const scrape = async () => {
        const answer = await fetch(`http://127.0.0.1:${api.port}/api/metrics`, {
          headers: { authorization: `Bearer ${TOKEN}`, connection: 'close' },
          signal: AbortSignal.timeout(10_000),
        });
        expect(answer.status).toBe(200);
        return answer.text();
      };
      const healthCount = (text: string) =>
        Number(
          /^http_request_duration_seconds_count\{[^}]*route="\/api\/health"[^}]*status_code="200"[^}]*\} (\d+)$/m.exec(
            text,
          )?.[1] ?? 0,
        );
      // Both processes listen before the requests: each scrape says how many it aggregates.
      await until(async () => /^basha_api_processes 2$/m.test(await scrape()), 20_000);

      // A new connection each time: the primary hands connections to its workers in turn.
      const REQUESTS = 20;
      for (let n = 0; n < REQUESTS; n += 1) {
        const health = await fetch(`http://127.0.0.1:${api.port}/api/health`, {
          headers: { connection: 'close' },
        });
        expect(health.status).toBe(200);
      }

      // Whichever process answers the scrape, it counts every request of the port.
      const answeredBy = new Set<number>();
      const deadline = Date.now() + 20_000;
      while (answeredBy.size < 2 && Date.now() < deadline) {
        const text = await scrape();
        expect(healthCount(text)).toBe(REQUESTS);
        expect(text).toMatch(/^basha_api_processes 2$/m);
        answeredBy.add(Number(/^basha_process_pid (\d+)$/m.exec(text)?.[1]));
      }
      expect(answeredBy.size).toBe(2);

      api.child.kill('SIGTERM');
      expect(await api.exited).toBe(0);
    });

    it('stops with exit 1 when its processes keep dying, rather than restarting them for ever', async () => {
      const api = await startApi({
        WEB_CONCURRENCY: '2',
        // A database that does not exist: every worker fails as it starts.
        DATABASE_URL: `${(t.databaseUrl as string).replace(/\/[^/]*$/, '')}/basha_no_such_database`,
      });
      expect(await api.exited).toBe(1);
      expect(api.output()).toContain('died 6 times within 60 s; stopping');
    });
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
