/** Every offers query starts with this key, so one invalidation refreshes them all. */
export const OFFERS_KEY = ['offers'] as const;

/** The wishlist's key prefix: making an offer removes the item from the wishlist. */
export const WISHLIST_KEY = ['wishlist'] as const;
