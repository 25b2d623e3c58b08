import { loginCountersLifetimeSeconds } from '../auth/login-throttle.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { MediaStorage } from '../media/storage.ts';
import { scheduleHousekeeping } from './housekeeping.job.ts';
import { jobHandlers } from './job-handlers.ts';
import { type JobRunner, type JobRunnerOptions, startJobRunner } from './job-runner.ts';

export type JobSettings = Pick<Config, 'keepFinishedJobsDays' | 'loginLimits' | 'signUpLimits'>;

/** Starts a runner for every Basha job on the database, with housekeeping scheduled. */
export async function runJobs(
  database: DatabaseHandle,
  storage: MediaStorage,
  settings: JobSettings,
  log: JobRunnerOptions['log'],
  tuning: Pick<JobRunnerOptions, 'pollIntervalMs' | 'lockTimeoutMs' | 'retryDelayMs'> = {},
): Promise<JobRunner> {
  await scheduleHousekeeping(database.db);
  const housekeeping = {
    keepFinishedJobsDays: settings.keepFinishedJobsDays,
    counterLifetimeSeconds: Math.max(
      loginCountersLifetimeSeconds(settings.loginLimits),
      settings.signUpLimits.windowSeconds,
    ),
  };
  return startJobRunner({
    query: database.jobQuery,
    handlers: jobHandlers(database.db, storage, housekeeping),
    log,
    ...tuning,
  });
}
