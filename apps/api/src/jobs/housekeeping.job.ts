import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { MediaStorage } from '../media/storage.ts';
import { takeAbandonedUploads } from '../modules/listings/listing-gallery.repository.ts';
import { removeListingPhotos } from '../modules/listings/listing-photo.ts';
import { enqueue } from './job-queue.ts';
import type { JobHandler } from './job-runner.ts';

export const HOUSEKEEPING_JOB = 'housekeeping';

/**
 * A listing photo uploaded but never added to a listing is deleted after this long: a day
 * covers any add/update form left open, and an abandoned form leaves no files for ever.
 */
export const ABANDONED_UPLOAD_HOURS = 24;

export type HousekeepingSettings = {
  /** Finished jobs older than this are deleted (JOBS_KEEP_FINISHED_DAYS). */
  keepFinishedJobsDays: number;
  /** Rate-limit counters untouched for longer than this no longer count for anything. */
  counterLifetimeSeconds: number;
};

/**
 * Schedules the next housekeeping run for the start of the next hour, keyed by that hour,
 * so that any number of processes scheduling it (every runner at start, and each run for
 * the one after) make one job. The database's clock names the hour, as it decides when the
 * job is due: a run that starts on the hour then always schedules the following one, never
 * its own key again, however the machines' clocks differ.
 */
export async function scheduleHousekeeping(db: Database): Promise<void> {
  const result = (await db.execute(
    sql`select (floor(extract(epoch from now()) / 3600) + 1) * 3600 as epoch`,
  )) as { rows: { epoch: string | number }[] };
  const at = new Date(Number(result.rows[0]?.epoch) * 1000);
  await enqueue(
    db,
    HOUSEKEEPING_JOB,
    {},
    { runAt: at, key: `${HOUSEKEEPING_JOB}:${at.toISOString()}` },
  );
}

/**
 * Deletes what no longer matters: finished jobs past their keeping time (their idempotency
 * keys go with them, so a key is unique for that long), expired rate-limit counters, and
 * listing photos uploaded a day ago and never used (rows first, then their files).
 * Then schedules the next run, counted from now, so hours missed while nothing ran collapse
 * into one run. Safe to repeat: deleting twice deletes nothing more.
 */
export function housekeepingJob(
  db: Database,
  storage: MediaStorage,
  settings: HousekeepingSettings,
): JobHandler {
  return async () => {
    await db.execute(sql`
      delete from jobs
      where completed_at < now() - make_interval(days => ${settings.keepFinishedJobsDays})`);
    await db.execute(sql`
      delete from rate_limit_counters
      where window_started_at < now() - make_interval(secs => ${settings.counterLifetimeSeconds})`);
    await removeListingPhotos(storage, await takeAbandonedUploads(db, ABANDONED_UPLOAD_HOURS));
    await scheduleHousekeeping(db);
  };
}
