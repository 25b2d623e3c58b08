/**
 * The first element of every feature's query keys, so that one invalidation of a root refreshes
 * all of a feature's queries. Each feature builds its own keys from its root in
 * `features/<name>/api/keys.ts`. Features never import each other: a feature whose change
 * alters another's data (an offer takes the listing off the buyer's wishlist, a payment marks
 * the offer paid) refreshes the other's queries through the root here, never a copied value.
 */
export const queryRoots = {
  me: ['me'],
  authProviders: ['auth-providers'],
  listings: ['listings'],
  wishlist: ['wishlist'],
  offers: ['offers'],
  payments: ['payments'],
  reviews: ['reviews'],
  users: ['users'],
  auditLog: ['audit-log'],
  conversations: ['conversations'],
  notifications: ['notifications'],
  savedSearches: ['saved-searches'],
} as const;
