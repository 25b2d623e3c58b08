// Messages of requests in general (access, ids, amounts, a server starting), apart from the
// schemas so screens that only show them do not load the schemas too.

/** Who may call a route. */
export const accessMessages = {
  logIn: 'Please log in to continue.',
  notAllowed: 'Your account is not allowed to do this.',
  crossSite:
    "This request came from a page that is not Basha's address. Open Basha at {url} and try again.",
} as const;

/** An id in a URL or body that is not an id at all. */
export const idMessages = {
  unknownListing: 'Unknown listing id.',
  unknownOffer: 'Unknown offer id.',
  unknownWishlistItem: 'Unknown wishlist item id.',
  unknownSession: 'Unknown session id.',
  unknownReview: 'Unknown review id.',
  unknownUser: 'Unknown user id.',
  unknownNotification: 'Unknown notification id.',
} as const;

/** A photo of any form: a profile photo or a listing's. */
export const photoMessages = {
  empty: 'The photo file is empty.',
  tooLarge: 'The photo must be at most 5 MB.',
  notAnImage: 'The photo must be a JPEG, PNG, WebP, GIF or AVIF image.',
  unreadable: 'The photo could not be read as an image. Please choose another file.',
} as const;

/** A page cursor that is not one the API gave out for this list. */
export const cursorMessages = {
  invalid: 'The page cursor is not valid.',
  otherSort: 'This page cursor belongs to another sort order.',
} as const;

/** The amount rules every taka field shares (`wholeTaka`). */
export const takaMessages = {
  whole: 'Enter whole taka, without paisa.',
  positive: 'The amount must be more than 0 TK.',
  tooLarge: 'The amount is too large.',
} as const;

/** The API's own state. */
export const serviceMessages = {
  starting: 'Basha is starting. Please try again in a moment.',
  noRoute: 'No route for {method} {path}.',
  metricsToken: 'A valid metrics token is required.',
} as const;
