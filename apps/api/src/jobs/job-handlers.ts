import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { MediaStorage } from '../media/storage.ts';
import { OFFER_EXPIRY_JOB, offerExpiryJob } from '../modules/offers/offer-expiry.job.ts';
import type { PaymentProvider } from '../modules/payments/payment-provider.ts';
import {
  RECONCILE_PAYMENTS_JOB,
  reconciliationJob,
} from '../modules/payments/reconciliation.job.ts';
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
): JobHandlers {
  return {
    [OFFER_EXPIRY_JOB]: offerExpiryJob(db),
    [HOUSEKEEPING_JOB]: housekeepingJob(db, storage, housekeeping),
    [RECONCILE_PAYMENTS_JOB]: reconciliationJob(db, payments.providers, payments.log),
  };
}
