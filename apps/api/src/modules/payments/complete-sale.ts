import { offerMessages, offerStatusOf, transitionRefusal } from '@basha/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
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
  await recordOfferNotifications(tx, 'offerRejected', rejected);
}
