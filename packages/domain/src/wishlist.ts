import { z } from 'zod/mini';
import { ListingCardSchema } from './listings.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { idMessages } from './request-messages.ts';

/** What the wishlist page says once an item is gone, naming the property that was removed. */
export function removedFromWishlistMessage(title: string): string {
  return `"${title}" was removed from your wishlist.`;
}

export const AddToWishlistInputSchema = z.strictObject({
  listingId: z.uuid(idMessages.unknownListing),
});
export type AddToWishlistInput = z.infer<typeof AddToWishlistInputSchema>;

export const WishlistItemIdParamsSchema = z.object({ id: z.uuid(idMessages.unknownWishlistItem) });

/** A wished property: the card is joined from the listing, never copied onto the item. */
export const WishlistItemSchema = z.object({
  id: z.string(),
  listing: ListingCardSchema,
  createdAt: z.iso.datetime(),
});
export type WishlistItem = z.infer<typeof WishlistItemSchema>;

/**
 * The buyer's offer on the item's listing that a new offer would run into: one waiting for
 * the agent (its deadline not passed), or one the agent accepted that is not paid yet.
 */
export const OpenOfferSchema = z.object({
  id: z.string(),
  amount: z.number(),
  deadline: z.iso.date(),
  status: z.enum(['pending', 'accepted']),
});
export type OpenOffer = z.infer<typeof OpenOfferSchema>;

/** One item, as the make-offer page reads it: with the open offer that page must mention. */
export const WishlistItemDetailsSchema = z.extend(WishlistItemSchema, {
  openOffer: z.nullable(OpenOfferSchema),
});
export type WishlistItemDetails = z.infer<typeof WishlistItemDetailsSchema>;

/** `listingId`: only the item holding that listing, if any (is it on the wishlist?). */
export const WishlistQuerySchema = z.extend(PageQuerySchema, {
  listingId: z.optional(z.uuid(idMessages.unknownListing)),
});
export type WishlistQuery = z.infer<typeof WishlistQuerySchema>;

export const WishlistPageSchema = pageOf(WishlistItemSchema);
export type WishlistPage = z.infer<typeof WishlistPageSchema>;

/** The answer to a removal: enough for the page to say which property left the wishlist. */
export const RemovedWishlistItemSchema = z.object({
  id: z.string(),
  listing: z.object({ id: z.string(), title: z.string() }),
});
export type RemovedWishlistItem = z.infer<typeof RemovedWishlistItemSchema>;
