import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { until } from '../../test/until.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createLocalDiskStorage } from '../media/disk-storage.ts';
import { HOUSEKEEPING_JOB, housekeepingJob } from './housekeeping.job.ts';
import { enqueue } from './job-queue.ts';
import type { JobRunner } from './job-runner.ts';
import { runJobs } from './run-jobs.ts';

let database: DatabaseHandle;
let elsewhere: DatabaseHandle;
let drop: () => Promise<void>;
const runners: JobRunner[] = [];
const mediaRoot = path.join(os.tmpdir(), `basha-housekeeping-${process.pid}`);

beforeAll(async () => {
  const opened = await openTestDatabase();
  database = opened.database;
  drop = opened.drop;
  elsewhere = await opened.openElsewhere();
});
afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await elsewhere.close();
  await drop();
});

const quiet = pino({ level: 'silent' });
const sql = (text: string, params: unknown[] = []) => database.jobQuery(text, params);

/** A job finished `daysAgo` days ago (a negative number: not finished). */
async function jobFinished(key: string, daysAgo: number, failedOut = false): Promise<void> {
  await sql(
    `insert into jobs (name, key, payload, attempts, max_attempts, completed_at, created_at)
     values ('greet', $1, '{}', $2, 3,
       case when $3::int < 0 then null else now() - make_interval(days => $3::int) end,
       now() - interval '60 days')`,
    [key, failedOut ? 3 : 1, daysAgo],
  );
}

async function counterStarted(key: string, secondsAgo: number): Promise<void> {
  await sql(
    `insert into rate_limit_counters (key, count, window_started_at)
     values ($1, 5, now() - make_interval(secs => $2::int))`,
    [key, secondsAgo],
  );
}

async function keysIn(table: 'jobs' | 'rate_limit_counters', like: string): Promise<string[]> {
  const rows = await sql(`select key from ${table} where key like $1 order by key`, [like]);
  return rows.map((row) => String(row.key));
}

describe('housekeeping', () => {
  it('deletes finished jobs past their keeping time and expired counters, and keeps the rest', async () => {
    await jobFinished('greet:finished-8-days-ago', 8);
    await jobFinished('greet:finished-6-days-ago', 6);
    await jobFinished('greet:unfinished', -1);
    await jobFinished('greet:failed-out', -1, true);
    const DAY = 24 * 3600;
    await counterStarted('login:known:old@example.com:10.0.0.1', 31 * DAY);
    await counterStarted('login:known:recent@example.com:10.0.0.1', 29 * DAY);
    await counterStarted('login:address:10.0.0.2', 60);

    await housekeepingJob(database.db, createLocalDiskStorage(mediaRoot), {
      keepFinishedJobsDays: 7,
      counterLifetimeSeconds: 30 * DAY,
    })({});

    expect(await keysIn('jobs', 'greet:%')).toEqual([
      'greet:failed-out',
      'greet:finished-6-days-ago',
      'greet:unfinished',
    ]);
    expect(await keysIn('rate_limit_counters', 'login:%')).toEqual([
      'login:address:10.0.0.2',
      'login:known:recent@example.com:10.0.0.1',
    ]);
    // And it comes back within the hour.
    const [next] = await sql(
      `select run_at > now() and run_at <= now() + interval '1 hour' as within_the_hour
       from jobs where name = $1 and completed_at is null`,
      [HOUSEKEEPING_JOB],
    );
    expect(next?.within_the_hour).toBe(true);
  });

  it('is scheduled once however many processes start their runners, which run it when due', async () => {
    const settings = loadConfig({ JOBS_KEEP_FINISHED_DAYS: '3' });
    for (const on of [database, elsewhere, database]) {
      runners.push(
        await runJobs(on, createLocalDiskStorage(mediaRoot), settings, quiet, {
          pollIntervalMs: 50,
        }),
      );
    }

    const pending = await sql(`select key from jobs where name = $1 and completed_at is null`, [
      HOUSEKEEPING_JOB,
    ]);
    expect(pending).toHaveLength(1);

    // A run that is due now (as the scheduled one will be) uses JOBS_KEEP_FINISHED_DAYS.
    // Counters go once the longest any can matter has passed: 30 days, for a known login.
    await jobFinished('greet:finished-4-days-ago', 4);
    await jobFinished('greet:finished-2-days-ago', 2);
    await counterStarted('login:known:gone@example.com:10.0.0.3', 31 * 24 * 3600);
    await counterStarted('login:known:kept@example.com:10.0.0.3', 29 * 24 * 3600);
    await enqueue(database.db, HOUSEKEEPING_JOB, {}, { key: 'housekeeping:due-now' });
    await until(async () => {
      const [run] = await sql('select completed_at is not null as done from jobs where key = $1', [
        'housekeeping:due-now',
      ]);
      return run?.done === true;
    });
    expect(await keysIn('jobs', 'greet:finished-4-%')).toEqual([]);
    expect(await keysIn('jobs', 'greet:finished-2-%')).toEqual(['greet:finished-2-days-ago']);
    expect(await keysIn('rate_limit_counters', '%10.0.0.3')).toEqual([
      'login:known:kept@example.com:10.0.0.3',
    ]);
  });
});
