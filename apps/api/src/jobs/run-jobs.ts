import type { DatabaseHandle } from '../db/client.ts';
import { jobHandlers } from './job-handlers.ts';
import { type JobRunner, type JobRunnerOptions, startJobRunner } from './job-runner.ts';

/** Starts a runner for every Basha job on the database. */
export function runJobs(
  database: DatabaseHandle,
  log: JobRunnerOptions['log'],
  tuning: Pick<JobRunnerOptions, 'pollIntervalMs' | 'lockTimeoutMs' | 'retryDelayMs'> = {},
): JobRunner {
  return startJobRunner({
    query: database.jobQuery,
    handlers: jobHandlers(database.db),
    log,
    ...tuning,
  });
}
