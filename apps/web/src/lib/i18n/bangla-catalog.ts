import { authMessagesBangla } from '../../features/auth/messages.bn.ts';
import { commonMessagesBangla } from '../../features/common-messages.bn.ts';
import { conversationsMessagesBangla } from '../../features/conversations/messages.bn.ts';
import { listingFactsMessagesBangla } from '../../features/listings/facts-messages.bn.ts';
import { listingGalleryMessagesBangla } from '../../features/listings/gallery-messages.bn.ts';
import { listingsMessagesBangla } from '../../features/listings/messages.bn.ts';
import { listingRevisionMessagesBangla } from '../../features/listings/revision-messages.bn.ts';
import { listingSearchMessagesBangla } from '../../features/listings/search-messages.bn.ts';
import { notificationsMessagesBangla } from '../../features/notifications/messages.bn.ts';
import { offersMessagesBangla } from '../../features/offers/messages.bn.ts';
import { paymentsMessagesBangla } from '../../features/payments/messages.bn.ts';
import { reviewsMessagesBangla } from '../../features/reviews/messages.bn.ts';
import { savedSearchesMessagesBangla } from '../../features/saved-searches/messages.bn.ts';
import { serverMessagesBangla } from '../../features/server-messages.bn.ts';
import { usersMessagesBangla } from '../../features/users/messages.bn.ts';
import { wishlistMessagesBangla } from '../../features/wishlist/messages.bn.ts';
import type { Catalog } from './english-catalog.ts';

/** Every feature's Bangla texts; loaded only when a reader chooses Bangla. */
export const banglaCatalog: Catalog = Object.assign(
  {},
  commonMessagesBangla,
  authMessagesBangla,
  listingsMessagesBangla,
  listingFactsMessagesBangla,
  listingRevisionMessagesBangla,
  listingGalleryMessagesBangla,
  listingSearchMessagesBangla,
  serverMessagesBangla,
  reviewsMessagesBangla,
  usersMessagesBangla,
  wishlistMessagesBangla,
  offersMessagesBangla,
  paymentsMessagesBangla,
  conversationsMessagesBangla,
  notificationsMessagesBangla,
  savedSearchesMessagesBangla,
);
