import { authMessages } from '../../features/auth/messages.ts';
import { commonMessages } from '../../features/common-messages.ts';
import { conversationsMessages } from '../../features/conversations/messages.ts';
import { listingFactsMessages } from '../../features/listings/facts-messages.ts';
import { listingGalleryMessages } from '../../features/listings/gallery-messages.ts';
import { listingsMessages } from '../../features/listings/messages.ts';
import { listingRevisionMessages } from '../../features/listings/revision-messages.ts';
import { listingSearchMessages } from '../../features/listings/search-messages.ts';
import { notificationsMessages } from '../../features/notifications/messages.ts';
import { offersMessages } from '../../features/offers/messages.ts';
import { paymentsMessages } from '../../features/payments/messages.ts';
import { reviewsMessages } from '../../features/reviews/messages.ts';
import { savedSearchesMessages } from '../../features/saved-searches/messages.ts';
import { serverMessages } from '../../features/server-messages.ts';
import { usersMessages } from '../../features/users/messages.ts';
import { wishlistMessages } from '../../features/wishlist/messages.ts';

/**
 * Every feature's English texts; a feature joins the app by adding its messages here and
 * its Bangla texts in `bangla-catalog.ts`. English is part of the app; `catalog.ts` loads
 * the other languages.
 */
const featureMessages = [
  commonMessages,
  authMessages,
  listingsMessages,
  listingFactsMessages,
  listingRevisionMessages,
  listingGalleryMessages,
  listingSearchMessages,
  serverMessages,
  reviewsMessages,
  usersMessages,
  wishlistMessages,
  offersMessages,
  paymentsMessages,
  conversationsMessages,
  notificationsMessages,
  savedSearchesMessages,
] as const;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;
type AllEnglish = UnionToIntersection<(typeof featureMessages)[number]>;

export type MessageKey = keyof AllEnglish & string;
export type Catalog = Record<MessageKey, string>;

export const englishCatalog: Catalog = Object.assign({}, ...featureMessages);
