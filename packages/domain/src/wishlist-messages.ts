// wishlist's user-facing messages, apart from the schemas so screens that only show
// them do not load the schemas too.
export const wishlistMessages = {
  added: 'Property Added To Wishlist',
  alreadyWished: 'This property is already on your wishlist.',
  listingUnavailable: 'This property does not exist or is not available.',
  itemNotFound: 'This property is not on your wishlist.',
  confirmRemoval: 'Do you want to remove this property from wishlist!',
  empty: "You haven't wished any property",
} as const;
