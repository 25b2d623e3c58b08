import type { FastifyBaseLogger } from 'fastify';
import { createAuth } from '../auth/better-auth.ts';
import { loginCountersLifetimeSeconds } from '../auth/login-throttle.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { MediaStorage } from '../media/storage.ts';
import { createMailer } from '../modules/email/mailer.ts';
import { createPaymentProviders } from '../modules/payments/payment-providers.ts';
import { scheduleReconciliation } from '../modules/payments/reconciliation.job.ts';
import { scheduleSavedSearchDigest } from '../modules/saved-searches/saved-search.jobs.ts';
import { scheduleHousekeeping } from './housekeeping.job.ts';
import { jobHandlers } from './job-handlers.ts';
import { type JobRunner, type JobRunnerOptions, startJobRunner } from './job-runner.ts';

/**
 * Starts a runner for every Basha job on the database, with the recurring jobs scheduled.
 * It has a better-auth of its own (a password reset's link is made by a job), so a worker
 * process (`npm run worker`) needs nothing of an API's.
 */
export async function runJobs(
  database: DatabaseHandle,
  storage: MediaStorage,
  settings: Config,
  log: FastifyBaseLogger,
  tuning: Pick<JobRunnerOptions, 'pollIntervalMs' | 'lockTimeoutMs' | 'retryDelayMs'> = {},
): Promise<JobRunner> {
  await scheduleHousekeeping(database.db);
  await scheduleSavedSearchDigest(database.db);
  await scheduleReconciliation(database.db);
  const housekeeping = {
    keepFinishedJobsDays: settings.keepFinishedJobsDays,
    counterLifetimeSeconds: Math.max(
      loginCountersLifetimeSeconds(settings.loginLimits),
      settings.signUpLimits.windowSeconds,
    ),
  };
  const mailer = await createMailer(settings.mail);
  const mail = mailer && {
    mailer,
    publicUrl: settings.publicUrl,
    secret: settings.authSecret,
  };
  const runner = startJobRunner({
    query: database.jobQuery,
    handlers: jobHandlers(
      database.db,
      storage,
      housekeeping,
      {
        // The rails' own clients: reconciliation asks them about payments we never heard of.
        providers: await createPaymentProviders(settings.payments, log),
        log,
      },
      mail,
      createAuth(settings, database.db, log),
    ),
    log,
    ...tuning,
  });
  return {
    stop: async () => {
      await runner.stop();
      mailer?.close();
    },
  };
}
