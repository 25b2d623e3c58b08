import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { until } from '../../test/until.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { enqueue } from './job-queue.ts';
import { type JobHandlers, type JobRunner, startJobRunner } from './job-runner.ts';

let database: DatabaseHandle;
let elsewhere: DatabaseHandle;
let drop: () => Promise<void>;
const runners: JobRunner[] = [];

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

const quiet = { warn: () => {}, error: () => {} };

function run(on: DatabaseHandle, handlers: JobHandlers, retryDelayMs = 1000): void {
  runners.push(
    startJobRunner({ query: on.jobQuery, handlers, log: quiet, pollIntervalMs: 50, retryDelayMs }),
  );
}

describe('the job runner', () => {
  it('runs a job enqueued twice with the same key once, and not again when enqueued after', async () => {
    const runs: unknown[] = [];
    const soon = new Date(Date.now() + 300);
    await enqueue(database.db, 'greet', { n: 1 }, { key: 'greet:once', runAt: soon });
    await enqueue(database.db, 'greet', { n: 2 }, { key: 'greet:once', runAt: soon });
    run(database, { greet: async (payload) => void runs.push(payload) });

    await until(() => runs.length > 0);
    await enqueue(database.db, 'greet', { n: 3 }, { key: 'greet:once' });
    await sleep(500);

    // The second enqueue replaced the first before it ran; the third came after it had run.
    expect(runs).toEqual([{ n: 2 }]);
  });

  it('retries a failing job with a growing wait, until it succeeds', async () => {
    const attemptTimes: number[] = [];
    run(
      database,
      {
        flaky: async () => {
          attemptTimes.push(Date.now());
          if (attemptTimes.length < 3) throw new Error('the mail server is down');
        },
      },
      200,
    );
    await enqueue(database.db, 'flaky', {}, { key: 'flaky:1' });

    const job = async () => {
      const [row] = await database.jobQuery(
        `select attempts, completed_at is not null as completed, last_error from jobs where key = $1`,
        ['flaky:1'],
      );
      return row;
    };
    await until(async () => (await job())?.completed === true);

    const [first, second, third] = attemptTimes as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(200);
    expect(third - second).toBeGreaterThanOrEqual(400);
    expect(await job()).toEqual({
      attempts: 3,
      completed: true,
      last_error: 'the mail server is down',
    });
    await sleep(500);
    expect(attemptTimes).toHaveLength(3);
  });

  it('runs each job once when two runners on two connections share the database', async () => {
    const runs = new Map<number, number>();
    const count = async (payload: unknown) => {
      const { n } = payload as { n: number };
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await sleep(5);
    };
    for (let n = 0; n < 40; n += 1) {
      await enqueue(database.db, 'count', { n }, { key: `count:${n}` });
    }
    run(database, { count });
    run(elsewhere, { count });

    await until(() => runs.size === 40);
    await sleep(300);
    expect([...runs.values()].every((times) => times === 1)).toBe(true);
    expect(runs.size).toBe(40);
  });

  it('leaves a job it has no handler for to a runner that has one', async () => {
    const runs: string[] = [];
    await enqueue(database.db, 'unknown-here', {}, { key: 'unknown-here:1' });
    await sleep(300);
    run(elsewhere, { 'unknown-here': async () => void runs.push('ran') });

    await until(() => runs.length === 1);
  });
});
