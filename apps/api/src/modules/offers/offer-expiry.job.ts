import { and, eq, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { job, offer } from '../../db/schema.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import { recordOfferNotifications } from '../notifications/notifications.repository.ts';
import { endOfMarketDay, marketToday } from './market-date.ts';

export const OFFER_EXPIRY_JOB = 'offer-expiry';

/**
 * Inserts the expiry job of every offer `from` yields (with its `id` and `deadline`), due the
 * moment the deadline day ends in Dhaka and keyed by the offer, so an offer never has two.
 * SQL, to run inside the statement that writes the offers (makeOffer writes both in one).
 */
export function offerExpiryJobs(
  from: SQLWrapper,
  offers: { id: SQLWrapper; deadline: SQLWrapper },
): SQL {
  return sql`
    insert into ${job} (name, key, payload, run_at)
    select ${OFFER_EXPIRY_JOB}, ${OFFER_EXPIRY_JOB} || ':' || ${offers.id},
           jsonb_build_object('offerId', ${offers.id}), ${endOfMarketDay(offers.deadline)}
    from ${from}
    on conflict (key) do nothing
    returning ${job.id}`;
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
