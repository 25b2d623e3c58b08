import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { enqueue } from './job-queue.ts';
import type { JobHandler } from './job-runner.ts';

export const HOUSEKEEPING_JOB = 'housekeeping';

export type HousekeepingSettings = {
  /** Finished jobs older than this are deleted (JOBS_KEEP_FINISHED_DAYS). */
  keepFinishedJobsDays: number;
  /** Rate-limit counters untouched for longer than this no longer count for anything. */
  counterLifetimeSeconds: number;
};

/** The start of the hour after `now`: housekeeping runs once in each hour, whoever runs it. */
function nextHour(now = new Date()): Date {
  const next = new Date(now);
  next.setUTCMinutes(60, 0, 0);
  return next;
}

/**
 * Schedules the next housekeeping run, keyed by its hour, so that any number of processes
 * scheduling it (every runner at start, and each run for the one after) make one job.
 */
export function scheduleHousekeeping(db: Database): Promise<void> {
  const at = nextHour();
  return enqueue(
    db,
    HOUSEKEEPING_JOB,
    {},
    { runAt: at, key: `${HOUSEKEEPING_JOB}:${at.toISOString()}` },
  );
}

/**
 * Deletes what no longer matters: finished jobs past their keeping time (their idempotency
 * keys go with them, so a key is unique for that long) and expired rate-limit counters.
 * Then schedules the next run, counted from now, so hours missed while nothing ran collapse
 * into one run. Safe to repeat: deleting twice deletes nothing more.
 */
export function housekeepingJob(db: Database, settings: HousekeepingSettings): JobHandler {
  return async () => {
    await db.execute(sql`
      delete from jobs
      where completed_at < now() - make_interval(days => ${settings.keepFinishedJobsDays})`);
    await db.execute(sql`
      delete from rate_limit_counters
      where window_started_at < now() - make_interval(secs => ${settings.counterLifetimeSeconds})`);
    await scheduleHousekeeping(db);
  };
}
