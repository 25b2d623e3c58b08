import { authMessages } from '../../features/auth/messages.ts';
import { commonMessages } from '../../features/common-messages.ts';
import { listingsMessages } from '../../features/listings/messages.ts';
import { offersMessages } from '../../features/offers/messages.ts';
import { paymentsMessages } from '../../features/payments/messages.ts';
import { reviewsMessages } from '../../features/reviews/messages.ts';
import { serverMessages } from '../../features/server-messages.ts';
import { usersMessages } from '../../features/users/messages.ts';
import { wishlistMessages } from '../../features/wishlist/messages.ts';
import type { Locale } from './define-messages.ts';

/** Every feature's texts; a feature joins the app by adding its messages here. */
const featureMessages = [
  commonMessages,
  authMessages,
  listingsMessages,
  serverMessages,
  reviewsMessages,
  usersMessages,
  wishlistMessages,
  offersMessages,
  paymentsMessages,
] as const;

type Merge<T extends readonly { en: Record<string, string> }[]> = T[number]['en'];
type AllEnglish = UnionToIntersection<Merge<typeof featureMessages>>;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;

export type MessageKey = keyof AllEnglish & string;

export const catalog: Record<Locale, Record<MessageKey, string>> = {
  en: Object.assign({}, ...featureMessages.map((m) => m.en)),
  bn: Object.assign({}, ...featureMessages.map((m) => m.bn)),
};
