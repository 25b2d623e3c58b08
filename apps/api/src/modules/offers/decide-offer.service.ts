import { offerMessages, offerStatusOf, type ReceivedOffer, transitionRefusal } from '@basha/domain';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError, isUniqueViolation } from '../../http/app-error.ts';
import { recordOfferNotifications } from '../notifications/notifications.repository.ts';
import { toReceivedOffer } from './offer-views.ts';
import * as repo from './offers.repository.ts';

/**
 * The agent accepts a pending offer on their own listing; every other pending offer on it
 * is rejected in the same transaction. The listing row is locked first, so two accepts on
 * one listing run one after the other and the second finds the first's winner; the
 * one-winner-per-listing index backs that up.
 */
export async function acceptOffer(
  db: Database,
  actor: Actor,
  offerId: string,
): Promise<ReceivedOffer> {
  try {
    return await db.transaction(async (tx) => {
      const listingId = await repo.findListingOfReceivedOffer(tx, actor.id, offerId);
      if (!listingId) throw new AppError('NOT_FOUND', offerMessages.offerNotFound);
      const listing = await repo.lockListingForDecision(tx, listingId);
      const current = await repo.lockReceivedOffer(tx, actor.id, offerId);
      if (!listing || !current) throw new AppError('NOT_FOUND', offerMessages.offerNotFound);

      const refusal = transitionRefusal(offerStatusOf(current, current.today), 'accepted');
      if (refusal) throw new AppError('CONFLICT', refusal);
      if (listing.sold) throw new AppError('CONFLICT', offerMessages.listingSold);
      if (listing.delisted || listing.status !== 'verified') {
        throw new AppError('CONFLICT', offerMessages.listingUnavailable);
      }
      if (await repo.hasWinningOffer(tx, listingId)) {
        throw new AppError('CONFLICT', offerMessages.anotherAccepted);
      }

      if (!(await repo.decidePendingOffer(tx, offerId, 'accepted'))) {
        // Only reachable if the deadline passed between the read above and this update.
        throw new AppError('CONFLICT', offerMessages.expired);
      }
      const rejected = await repo.rejectOtherPendingOffers(tx, listingId, offerId);
      await recordOfferNotifications(tx, 'offerAccepted', [offerId]);
      await recordOfferNotifications(tx, 'offerLostToAnother', rejected);
      return decided(tx, actor, offerId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', offerMessages.anotherAccepted);
    throw error;
  }
}

/** The agent rejects a pending, unexpired offer on their own listing. */
export async function rejectOffer(
  db: Database,
  actor: Actor,
  offerId: string,
): Promise<ReceivedOffer> {
  return db.transaction(async (tx) => {
    const current = await repo.lockReceivedOffer(tx, actor.id, offerId);
    if (!current) throw new AppError('NOT_FOUND', offerMessages.offerNotFound);
    const refusal = transitionRefusal(offerStatusOf(current, current.today), 'rejected');
    if (refusal) throw new AppError('CONFLICT', refusal);
    if (!(await repo.decidePendingOffer(tx, offerId, 'rejected'))) {
      throw new AppError('CONFLICT', offerMessages.expired);
    }
    await recordOfferNotifications(tx, 'offerRejected', [offerId]);
    return decided(tx, actor, offerId);
  });
}

async function decided(tx: Database, actor: Actor, offerId: string): Promise<ReceivedOffer> {
  const row = await repo.findReceivedOffer(tx, actor.id, offerId);
  if (!row) throw new Error('a decided offer vanished inside its own transaction');
  return toReceivedOffer(row);
}
