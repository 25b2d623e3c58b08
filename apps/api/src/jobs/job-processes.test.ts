import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { todayInDhaka } from '@basha/domain';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createListing } from '../../test/factories.ts';
import { createAccount, createTestApp, type TestApp } from '../../test/test-app.ts';
import { until } from '../../test/until.ts';
import { OFFER_EXPIRY_JOB } from '../modules/offers/offer-expiry.job.ts';
import { enqueue } from './job-queue.ts';

const apiDir = path.join(import.meta.dirname, '../..');
/** How long a process may take to start (on a busy machine). */
const STARTUP_MS = 20_000;
const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/**
 * Starts an entry point of the API as its own Node process: a compiled one (dist/, built by
 * test/global-setup.ts) as it is, a TypeScript one through tsx.
 */
function startProcess(file: string, args: string[], env: Record<string, string>): ChildProcess {
  const loader = file.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, path.join(apiDir, file), ...args], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  return child;
}

function output(child: ChildProcess): { text(): string } {
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  return { text: () => text };
}

describe('npm run worker (dist/worker.js)', () => {
  it('refuses to start without DATABASE_URL, and says why', async () => {
    const worker = startProcess('dist/worker.js', [], {});
    const said = output(worker);
    const code = await new Promise((resolve) => worker.on('exit', resolve));

    expect(code).toBe(1);
    expect(said.text()).toContain('DATABASE_URL');
    expect(said.text()).toContain('PGlite');
  });
});

// Several processes share one database only on a PostgreSQL server.
if (inject('databaseTarget').driver === 'postgres') {
  // Each test starts processes of its own: a loaded 2-core machine took over 16 s for one.
  describe('job runners in several processes on one PostgreSQL database', {
    timeout: 120_000,
  }, () => {
    let t: TestApp;
    let url: string;

    beforeAll(async () => {
      t = await createTestApp({ JOBS: 'separate' });
      url = t.databaseUrl as string;
    });
    afterAll(() => t.close());

    it('expire an offer once with two worker processes, beside an API with JOBS=separate that runs none', async () => {
      const agent = await createAccount(t, 'agent');
      const buyer = await createAccount(t, 'user');
      const listingId = await createListing(t, agent);
      const wished = await t.app.inject({
        method: 'POST',
        url: '/api/v1/wishlist',
        headers: { cookie: buyer.cookie },
        payload: { listingId },
      });
      const made = await t.app.inject({
        method: 'POST',
        url: `/api/v1/wishlist/${wished.json().id}/offer`,
        headers: { cookie: buyer.cookie },
        payload: { amount: 5050, deadline: todayInDhaka() },
      });
      expect(made.statusCode, made.body).toBe(201);
      const offerId = made.json().id as string;
      const key = `${OFFER_EXPIRY_JOB}:${offerId}`;
      const storedStatus = async () => {
        const [row] = await t.database.jobQuery('select status from offers where id = $1', [
          offerId,
        ]);
        return row?.status;
      };

      // The deadline day ends now: the deadline becomes yesterday and the job falls due.
      await t.sqlFromElsewhere(
        `with moved as (update offers set deadline = current_date - 2 where id = $1 returning id)
         update jobs set run_at = now() where key = $2`,
        [offerId, key],
      );
      await sleep(1500);
      expect(await storedStatus()).toBe('pending');

      const workers = [1, 2].map(() =>
        startProcess('dist/worker.js', [], { DATABASE_URL: url, LOG_LEVEL: 'info' }),
      );
      const said = workers.map(output);
      await until(() => said.every((s) => s.text().includes('running jobs')), STARTUP_MS);
      await until(async () => (await storedStatus()) === 'expired');
      await sleep(1000);

      const [job] = await t.database.jobQuery(
        'select attempts, completed_at is not null as completed from jobs where key = $1',
        [key],
      );
      expect(job).toEqual({ attempts: 1, completed: true });
    });

    it('stop a worker on SIGTERM with exit code 0', async () => {
      const worker = startProcess('dist/worker.js', [], { DATABASE_URL: url, LOG_LEVEL: 'info' });
      const said = output(worker);
      await until(() => said.text().includes('running jobs'), STARTUP_MS);
      worker.kill('SIGTERM');

      expect(await new Promise((resolve) => worker.on('exit', resolve))).toBe(0);
      expect(said.text()).toContain('worker stopping');
    });

    it('finish, once, a job whose process was killed with kill -9 mid-run', async () => {
      await t.sqlFromElsewhere('create table slow_job_effects (mark text, pid int)');
      const first = startProcess('test/slow-job-process.ts', [url, '1000'], {});
      const firstSaid = output(first);
      await until(() => firstSaid.text().includes('ready'), STARTUP_MS);

      await enqueue(t.database.db, 'slow', { mark: 'report' }, { key: 'slow:report' });
      await until(() => firstSaid.text().includes('started report'));
      first.kill('SIGKILL');
      await new Promise((resolve) => first.on('exit', resolve));

      const second = startProcess('test/slow-job-process.ts', [url, '1000'], {});
      const secondSaid = output(second);
      // Its start (tsx compiling the test's runner) is not what is timed: the job's recovery is.
      await until(() => secondSaid.text().includes('ready'), STARTUP_MS);
      await until(async () => {
        const rows = await t.database.jobQuery('select 1 from slow_job_effects', []);
        return rows.length > 0;
      });
      await sleep(1000);

      expect(secondSaid.text()).toContain('started report');
      const effects = await t.database.jobQuery('select mark, pid from slow_job_effects', []);
      expect(effects).toEqual([{ mark: 'report', pid: second.pid }]);
      const [job] = await t.database.jobQuery(
        'select attempts, completed_at is not null as completed from jobs where key = $1',
        ['slow:report'],
      );
      expect(job).toEqual({ attempts: 2, completed: true });
    });
  });
}
