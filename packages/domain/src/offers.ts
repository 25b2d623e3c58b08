import { z } from 'zod/mini';
import { ListingCardSchema, PriceRangeSchema } from './listings.ts';
import { calendarDaysAfter, todayInDhaka, wholeTaka } from './money.ts';
import { offerMessages } from './offers-messages.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { idMessages } from './request-messages.ts';
import { text } from './text.ts';

/** What an offer shows as: see `offerStatusOf`. */
export const OFFER_STATUSES = [
  'pending',
  'accepted',
  'rejected',
  'expired',
  'paid',
  'refunded',
] as const;
export const OfferStatusSchema = z.enum(OFFER_STATUSES);
export type OfferStatus = z.infer<typeof OfferStatusSchema>;

/**
 * What the database holds. "expired" is written by the offer's expiry job once its deadline
 * has passed; until the job has run, the offer is still stored as pending.
 */
export const STORED_OFFER_STATUSES = [
  'pending',
  'accepted',
  'rejected',
  'paid',
  'expired',
  'refunded',
] as const;
export type StoredOfferStatus = (typeof STORED_OFFER_STATUSES)[number];

/**
 * A pending offer whose deadline (a Dhaka calendar date) is before today in Dhaka has
 * expired, whether or not its expiry job has stored that yet: the agent can no longer
 * accept it. Dates are YYYY-MM-DD, so text order is date order.
 */
export function offerStatusOf(
  offer: { status: StoredOfferStatus; deadline: string },
  today: string = todayInDhaka(),
): OfferStatus {
  return offer.status === 'pending' && offer.deadline < today ? 'expired' : offer.status;
}

const nextStatuses: Record<OfferStatus, readonly OfferStatus[]> = {
  pending: ['accepted', 'rejected'],
  accepted: ['paid'],
  rejected: [],
  expired: [],
  // Only an admin's refund, through the rail that took the money.
  paid: ['refunded'],
  refunded: [],
};

export function canTransition(from: OfferStatus, to: OfferStatus): boolean {
  return nextStatuses[from].includes(to);
}

/** Why an offer in status `from` cannot move to `to`, or null when it can. */
export function transitionRefusal(from: OfferStatus, to: OfferStatus): string | null {
  if (canTransition(from, to)) return null;
  switch (from) {
    case 'expired':
      return offerMessages.expired;
    case 'accepted':
      return offerMessages.alreadyAccepted;
    case 'rejected':
      return offerMessages.alreadyRejected;
    case 'paid':
      return offerMessages.alreadyPaid;
    case 'refunded':
      return offerMessages.refunded;
    case 'pending':
      return offerMessages.notAccepted;
  }
}

/** The spec's rule: an offer must be at least the listing's minimum price. */
export function isAcceptableOfferAmount(amount: number, listingMinPrice: number): boolean {
  return amount >= listingMinPrice;
}

export const OfferAmountSchema = wholeTaka({
  notNumeric: offerMessages.amountNotNumeric,
  required: offerMessages.amountRequired,
});

const IsoDateSchema = z.iso.date();

/**
 * How far ahead an offer's deadline may be: an offer is a price for now, and a deadline
 * years away (a slip of the year: 2062 for 2026) would hold the agent's answer open for ever.
 */
export const OFFER_DEADLINE_MAX_DAYS = 365;

/** The latest deadline an offer made today in Dhaka may have. */
export function latestOfferDeadline(today: string = todayInDhaka()): string {
  return calendarDaysAfter(today, OFFER_DEADLINE_MAX_DAYS);
}

const isIsoDate = (date: string) => IsoDateSchema.safeParse(date).success;

/**
 * A calendar date, YYYY-MM-DD, from today in Dhaka to a year ahead (checked when parsed, not
 * at load).
 */
export const OfferDeadlineSchema = text({ error: offerMessages.deadlineInvalid }).check(
  z.refine((date) => isIsoDate(date) && date >= todayInDhaka(), offerMessages.deadlineInvalid),
  z.refine(
    (date) => !isIsoDate(date) || date <= latestOfferDeadline(),
    offerMessages.deadlineTooFar,
  ),
);

export const MakeOfferInputSchema = z.strictObject({
  amount: OfferAmountSchema,
  deadline: OfferDeadlineSchema,
});
export type MakeOfferInput = z.infer<typeof MakeOfferInputSchema>;

export const OfferIdParamsSchema = z.object({ id: z.uuid(idMessages.unknownOffer) });

export const OfferListQuerySchema = z.extend(PageQuerySchema, {
  status: z.optional(OfferStatusSchema),
});
export type OfferListQuery = z.infer<typeof OfferListQuerySchema>;

/** An offer as its buyer sees it ("property bought"): the property card and the answer. */
export const MyOfferSchema = z.object({
  id: z.string(),
  listing: ListingCardSchema,
  /** The listing's price range when the offer was made, kept if the price changes later. */
  priceAtOffer: PriceRangeSchema,
  amount: z.int(),
  deadline: z.iso.date(),
  status: OfferStatusSchema,
  /**
   * Rejected because the agent accepted, or sold to, another buyer's offer: not the agent's
   * answer to this one.
   */
  lostToAnotherOffer: z.boolean(),
  /** The payment provider's reference once the offer is paid (null before, and for demo sales). */
  paymentReference: z.nullable(z.string()),
  createdAt: z.iso.datetime(),
});
export type MyOffer = z.infer<typeof MyOfferSchema>;

export const MyOfferPageSchema = pageOf(MyOfferSchema);
export type MyOfferPage = z.infer<typeof MyOfferPageSchema>;

/** An offer as the listing's agent sees it ("requested properties"). */
export const ReceivedOfferSchema = z.object({
  id: z.string(),
  listing: z.object({ id: z.string(), title: z.string(), price: PriceRangeSchema }),
  /** The listing's price range when the offer was made, kept if the price changes later. */
  priceAtOffer: PriceRangeSchema,
  /** Null once the buyer's account has been deleted (paid sales stay on record). */
  buyer: z.nullable(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      photoUrl: z.nullable(z.string()),
    }),
  ),
  amount: z.int(),
  deadline: z.iso.date(),
  status: OfferStatusSchema,
  /**
   * The other pending offers on the same listing, counted over all of them (not this page):
   * the ones accepting this offer would reject, said in the confirmation before it.
   */
  otherPendingOffers: z.int(),
  createdAt: z.iso.datetime(),
});
export type ReceivedOffer = z.infer<typeof ReceivedOfferSchema>;

export const ReceivedOfferPageSchema = pageOf(ReceivedOfferSchema);
export type ReceivedOfferPage = z.infer<typeof ReceivedOfferPageSchema>;
