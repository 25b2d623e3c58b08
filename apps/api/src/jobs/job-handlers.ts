import type { Database } from '../db/client.ts';
import type { MediaStorage } from '../media/storage.ts';
import { OFFER_EXPIRY_JOB, offerExpiryJob } from '../modules/offers/offer-expiry.job.ts';
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
): JobHandlers {
  return {
    [OFFER_EXPIRY_JOB]: offerExpiryJob(db),
    [HOUSEKEEPING_JOB]: housekeepingJob(db, storage, housekeeping),
  };
}
