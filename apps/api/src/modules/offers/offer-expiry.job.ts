import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { offer } from '../../db/schema.ts';
import { enqueue } from '../../jobs/job-queue.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import { recordOfferNotifications } from '../notifications/notifications.repository.ts';
import { endOfMarketDay, marketToday } from './market-date.ts';

export const OFFER_EXPIRY_JOB = 'offer-expiry';

/** Schedules the offer's expiry for the moment its deadline day ends, in the offer's transaction. */
export function scheduleOfferExpiry(tx: Database, offerId: string, deadline: string) {
  return enqueue(
    tx,
    OFFER_EXPIRY_JOB,
    { offerId },
    { runAt: endOfMarketDay(deadline), key: `${OFFER_EXPIRY_JOB}:${offerId}` },
  );
}

/**
 * Stores a still-pending offer past its deadline as expired and tells its buyer, in one
 * transaction. Conditional, so running it again, late, or after the agent decided the offer
 * changes nothing more and tells no one twice.
 */
export function offerExpiryJob(db: Database): JobHandler {
  return async (payload) => {
    const { offerId } = payload as { offerId: string };
    await db.transaction(async (tx) => {
      const expired = await tx
        .update(offer)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(
          and(eq(offer.id, offerId), eq(offer.status, 'pending'), lt(offer.deadline, marketToday)),
        )
        .returning({ id: offer.id });
      await recordOfferNotifications(
        tx,
        'offerExpired',
        expired.map((row) => row.id),
      );
    });
  };
}
