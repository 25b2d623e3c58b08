import type { NotificationKind } from './notifications.ts';
import type { notificationMessages } from './notifications-messages.ts';

/**
 * The notifications' texts in Bangla, by kind. The web shows them in the bell (through its
 * server-message catalog) and the API writes them in emails (ADR 34): one copy for both.
 */
export const notificationMessagesBangla = {
  offerReceived: '"{listingTitle}"-এ {amount} টাকার নতুন অফার এসেছে।',
  offerAccepted: '"{listingTitle}"-এ আপনার অফার গৃহীত হয়েছে। এখন আপনি পেমেন্ট করতে পারেন।',
  offerRejected: '"{listingTitle}"-এ আপনার অফার প্রত্যাখ্যাত হয়েছে।',
  offerLostToAnother:
    '"{listingTitle}"-এ এজেন্ট অন্য একটি অফার গ্রহণ করেছেন, তাই আপনার অফারটি বন্ধ হয়ে গেছে।',
  offerExpired: '"{listingTitle}"-এ আপনার অফারের মেয়াদ শেষ: সময়সীমা পেরিয়ে গেছে।',
  paymentReceived: '"{listingTitle}"-এর জন্য {amount} টাকা পেমেন্ট পাওয়া গেছে।',
  paymentRefunded: '"{listingTitle}"-এর জন্য আপনার {amount} টাকার পেমেন্ট ফেরত দেওয়া হয়েছে।',
  listingVerified: '"{listingTitle}" যাচাই করা হয়েছে এবং এখন তালিকায় আছে।',
  listingRejected: '"{listingTitle}" একজন অ্যাডমিন প্রত্যাখ্যান করেছেন।',
  reviewReceived: '"{listingTitle}"-এ নতুন {rating}-তারকা রিভিউ।',
  roleChanged: 'আপনার অ্যাকাউন্ট এখন: {role}।',
  messageReceived: '"{listingTitle}" নিয়ে {senderName}-এর নতুন বার্তা।',
  revisionApproved: '"{listingTitle}"-এ আপনার পরিবর্তনগুলো অনুমোদিত হয়েছে এবং এখন চালু।',
  revisionRejected: '"{listingTitle}"-এ আপনার পরিবর্তনগুলো প্রত্যাখ্যাত হয়েছে: {reason}',
  savedSearchMatch: 'আপনার সংরক্ষিত অনুসন্ধান "{searchName}"-এর নতুন মিল: "{listingTitle}"।',
} as const satisfies Record<NotificationKind, string> &
  Partial<Record<keyof typeof notificationMessages, string>>;
