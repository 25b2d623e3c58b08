import { offerMessages, offerStatusOf, transitionRefusal } from '@basha/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError, isUniqueViolation } from '../../http/app-error.ts';
import { recordOfferNotifications } from '../notifications/notifications.repository.ts';
import { lockListingForDecision, rejectOtherPendingOffers } from '../offers/offers.repository.ts';
import * as repo from './payments.repository.ts';

export type LockedSale = { listingId: string; offer: repo.OfferForPayment };

/**
 * Locks the offer's listing, then the offer: the order accepting an offer and marking an
 * agent as fraud use, so a payment racing either waits instead of deadlocking. With
 * `buyerId`, someone else's offer is not found.
 */
export async function lockSale(
  tx: Database,
  offerId: string,
  buyerId?: string,
): Promise<LockedSale | undefined> {
  const listingId = buyerId
    ? await repo.findListingOfOwnOffer(tx, buyerId, offerId)
    : await repo.findListingOfOffer(tx, offerId);
  if (!listingId) return undefined;
  await lockListingForDecision(tx, listingId);
  const offer = await repo.lockOfferForPayment(tx, offerId);
  return offer && { listingId, offer };
}

/** Refuses (409) an offer that is not accepted: pending, expired, rejected or already paid. */
export function assertPayable(offer: repo.OfferForPayment): void {
  const refusal = transitionRefusal(offerStatusOf(offer, offer.today), 'paid');
  if (refusal) throw new AppError('CONFLICT', refusal);
}

/**
 * The sale, inside the caller's transaction and under `lockSale`'s locks: the payment is
 * recorded, the offer becomes paid, the listing sold and every other open offer on it
 * rejected; the agent and those buyers are told. The unique payment keys and the conditional update each stop a second run.
 */
export async function completeSale(
  tx: Database,
  listingId: string,
  paid: repo.NewPayment,
): Promise<void> {
  if (!(await repo.markOfferPaid(tx, paid.offerId))) {
    throw new AppError('CONFLICT', offerMessages.alreadyPaid);
  }
  if (!(await repo.insertPayment(tx, paid))) {
    throw new AppError('CONFLICT', offerMessages.alreadyPaid);
  }
  await repo.markListingSold(tx, listingId);
  const rejected = await rejectOtherPendingOffers(tx, listingId, paid.offerId);
  await recordOfferNotifications(tx, 'paymentReceived', [paid.offerId]);
  await recordOfferNotifications(tx, 'offerLostToAnother', rejected);
}

export type RecordedPayment = 'recorded' | 'duplicate' | 'refused';

/**
 * Records money a provider confirmed (a webhook, an IPN, a callback), once: a second
 * confirmation, or one racing it, is a duplicate. Money for an offer that can no longer be
 * sold (its agent was marked as fraud meanwhile, or the buyer's account was deleted) is
 * refused and logged: a person must refund it through the provider.
 */
export async function recordConfirmedPayment(
  db: Database,
  paid: repo.NewPayment,
  log: FastifyBaseLogger,
  providerName: string,
): Promise<RecordedPayment> {
  try {
    return await db.transaction(async (tx) => {
      const sale = await lockSale(tx, paid.offerId);
      if (sale?.offer.status === 'paid') return 'duplicate';
      if (sale?.offer.status !== 'accepted') {
        log.error(
          { offerId: paid.offerId, reference: paid.reference, status: sale?.offer.status ?? null },
          `${providerName} took a payment for an offer that can no longer be paid; refund it`,
        );
        return 'refused';
      }
      await completeSale(tx, sale.listingId, paid);
      return 'recorded';
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}
