import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '../auth/better-auth.ts';
import type { Database } from '../db/client.ts';
import type { MediaStorage } from '../media/storage.ts';
import {
  PASSWORD_RESET_EMAIL_JOB,
  passwordResetEmailJob,
} from '../modules/accounts/password-reset-email.job.ts';
import {
  PASSWORD_RESET_REQUEST_JOB,
  passwordResetRequestJob,
} from '../modules/accounts/password-reset-request.job.ts';
import {
  type MailDelivery,
  NOTIFICATION_EMAIL_JOB,
  notificationEmailJob,
} from '../modules/email/notification-email.job.ts';
import { OFFER_EXPIRY_JOB, offerExpiryJob } from '../modules/offers/offer-expiry.job.ts';
import type { PaymentProvider } from '../modules/payments/payment-provider.ts';
import {
  RECONCILE_PAYMENTS_JOB,
  reconciliationJob,
} from '../modules/payments/reconciliation.job.ts';
import {
  SAVED_SEARCH_DIGEST_EMAIL_JOB,
  SAVED_SEARCH_DIGEST_JOB,
  SAVED_SEARCH_MATCHES_JOB,
  savedSearchDigestEmailJob,
  savedSearchDigestJob,
  savedSearchMatchesJob,
} from '../modules/saved-searches/saved-search.jobs.ts';
import {
  HOUSEKEEPING_JOB,
  type HousekeepingSettings,
  housekeepingJob,
} from './housekeeping.job.ts';
import type { JobHandlers } from './job-runner.ts';

/** Every job Basha runs, by name: what the API processes and `npm run worker` both register. */
export function jobHandlers(
  db: Database,
  storage: MediaStorage,
  housekeeping: HousekeepingSettings,
  payments: { providers: readonly PaymentProvider[]; log: FastifyBaseLogger },
  mail: MailDelivery | undefined,
  auth: Auth,
): JobHandlers {
  return {
    [OFFER_EXPIRY_JOB]: offerExpiryJob(db),
    [HOUSEKEEPING_JOB]: housekeepingJob(db, storage, housekeeping),
    [NOTIFICATION_EMAIL_JOB]: notificationEmailJob(db, mail),
    [PASSWORD_RESET_REQUEST_JOB]: passwordResetRequestJob(auth),
    [PASSWORD_RESET_EMAIL_JOB]: passwordResetEmailJob(db, mail),
    [SAVED_SEARCH_MATCHES_JOB]: savedSearchMatchesJob(db),
    [SAVED_SEARCH_DIGEST_JOB]: savedSearchDigestJob(db),
    [SAVED_SEARCH_DIGEST_EMAIL_JOB]: savedSearchDigestEmailJob(db, mail),
    [RECONCILE_PAYMENTS_JOB]: reconciliationJob(db, payments.providers, payments.log),
  };
}
