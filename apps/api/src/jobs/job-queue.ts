import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { JobQuery } from './job-runner.ts';

export type EnqueueOptions = {
  /** When the job may run: a moment, or an SQL expression so the database's clock decides. */
  runAt?: Date | SQL;
  /**
   * The idempotency key. A second enqueue with the key of a job that has not started yet
   * replaces its payload and time; once the job has started or finished, it changes nothing.
   */
  key?: string;
  /** Runs, counting retries, before the job is given up on. */
  maxAttempts?: number;
};

/**
 * Adds a job for the runners (ADR 20). `db` may be a transaction: the job then exists only
 * if the transaction commits, together with the change that asked for it.
 */
export async function enqueue(
  db: Database,
  name: string,
  payload: unknown,
  { runAt, key, maxAttempts = 10 }: EnqueueOptions = {},
): Promise<void> {
  const when =
    runAt === undefined ? sql`now()` : runAt instanceof Date ? runAt.toISOString() : runAt;
  await db.execute(sql`
    insert into jobs (name, key, payload, run_at, max_attempts)
    values (${name}, ${key ?? null}, ${JSON.stringify(payload)}::jsonb, ${when}, ${maxAttempts})
    on conflict (key) do update
      set name = excluded.name, payload = excluded.payload, run_at = excluded.run_at,
          max_attempts = excluded.max_attempts
      where jobs.locked_at is null and jobs.completed_at is null`);
}

/** Jobs by state for /api/metrics; completed jobs are not counted. */
export type JobQueueDepth = {
  /** Due now and not taken by any runner: the backlog. */
  waiting: number;
  /** Due later (an offer's expiry on its deadline). */
  scheduled: number;
  /** Taken by a runner now. */
  running: number;
  /** Out of attempts: they will not run again without someone's help. */
  failed: number;
};

/**
 * Counts unfinished jobs by state in one statement over the unfinished-jobs index (ADR 20):
 * cheap enough for every scrape, which is when it runs.
 */
export async function jobQueueDepth(query: JobQuery): Promise<JobQueueDepth> {
  const [row] = await query(
    `select
       count(*) filter (where attempts >= max_attempts and locked_at is null)::int as failed,
       count(*) filter (where locked_at is not null)::int as running,
       count(*) filter (where attempts < max_attempts and locked_at is null and run_at <= now())::int as waiting,
       count(*) filter (where attempts < max_attempts and locked_at is null and run_at > now())::int as scheduled
     from jobs where completed_at is null`,
    [],
  );
  return {
    waiting: Number(row?.waiting ?? 0),
    scheduled: Number(row?.scheduled ?? 0),
    running: Number(row?.running ?? 0),
    failed: Number(row?.failed ?? 0),
  };
}
