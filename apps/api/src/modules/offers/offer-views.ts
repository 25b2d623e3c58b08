import { type MyOffer, offerStatusOf, type ReceivedOffer } from '@basha/domain';
import { toListingCard } from '../listings/listing-card.ts';
import type { BuyerOfferRow, ReceivedOfferRow } from './offers.repository.ts';

/** The status an offer shows as, derived against the database's "today in Dhaka". */
function statusOf(row: Pick<BuyerOfferRow, 'status' | 'deadline' | 'today'>) {
  return offerStatusOf({ status: row.status, deadline: row.deadline }, row.today);
}

/** The listing's price range the offer was made against (stored with the offer). */
function priceAtOfferOf(row: Pick<BuyerOfferRow, 'listingPriceMin' | 'listingPriceMax'>) {
  return { min: Number(row.listingPriceMin), max: Number(row.listingPriceMax) };
}

export function toMyOffer(row: BuyerOfferRow): MyOffer {
  return {
    id: row.id,
    listing: toListingCard(row.listing),
    priceAtOffer: priceAtOfferOf(row),
    amount: Number(row.amount),
    deadline: row.deadline,
    status: statusOf(row),
    lostToAnotherOffer: Boolean(row.lostToAnotherOffer),
    paymentReference: row.paymentReference,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toReceivedOffer(row: ReceivedOfferRow): ReceivedOffer {
  return {
    id: row.id,
    listing: {
      id: row.listing.id,
      title: row.listing.title,
      price: { min: Number(row.listing.priceMin), max: Number(row.listing.priceMax) },
    },
    priceAtOffer: priceAtOfferOf(row),
    buyer: row.buyer,
    amount: Number(row.amount),
    deadline: row.deadline,
    status: statusOf(row),
    otherPendingOffers: row.otherPendingOffers,
    createdAt: row.createdAt.toISOString(),
  };
}
