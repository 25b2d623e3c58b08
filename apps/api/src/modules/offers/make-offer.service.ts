import {
  isAcceptableOfferAmount,
  type MakeOfferInput,
  type MyOffer,
  offerMessages,
  wishlistMessages,
} from '@basha/domain';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { toMyOffer } from './offer-views.ts';
import * as repo from './offers.repository.ts';

/**
 * Makes an offer from one of the buyer's wishlist items (the make-offer page loads the item)
 * and removes the item, in one transaction (see takeWishlistItemForOffer for its locks).
 */
export async function makeOffer(
  db: Database,
  actor: Actor,
  wishlistItemId: string,
  input: MakeOfferInput,
): Promise<MyOffer> {
  return db.transaction(async (tx) => {
    const listing = await repo.takeWishlistItemForOffer(tx, actor.id, wishlistItemId);
    if (!listing) throw new AppError('NOT_FOUND', wishlistMessages.itemNotFound);

    if (listing.delisted || listing.status !== 'verified') {
      throw new AppError('NOT_FOUND', offerMessages.listingUnavailable);
    }
    if (listing.agentId === actor.id) throw new AppError('CONFLICT', offerMessages.ownListing);
    if (listing.sold) throw new AppError('CONFLICT', offerMessages.listingSold);

    const refusals = [];
    if (!isAcceptableOfferAmount(input.amount, Number(listing.priceMin))) {
      refusals.push({ path: 'amount', message: offerMessages.amountTooLow });
    }
    // The body schema already checked the deadline by the API server's clock; this checks
    // it again by the database's, the one every expiry decision uses.
    if (input.deadline < listing.today) {
      refusals.push({ path: 'deadline', message: offerMessages.deadlineInvalid });
    }
    if (refusals.length > 0) throw AppError.validation(refusals);

    const newOffer = {
      listingId: listing.id,
      buyerId: actor.id,
      amount: input.amount,
      deadline: input.deadline,
    };
    // Most offers meet no earlier one: the expired offer that would be in the way is looked
    // for only when the insert finds one (a round trip fewer for the rest).
    let row = await repo.insertOffer(tx, newOffer);
    if (!row && (await repo.deleteExpiredOffersOf(tx, actor.id, listing.id))) {
      row = await repo.insertOffer(tx, newOffer);
    }
    if (!row) throw new AppError('CONFLICT', offerMessages.alreadyOffered);
    return toMyOffer(row);
  });
}
