import type { Language } from '@basha/domain';

/**
 * The words around every email, in both languages (ADR 34); what happened is the
 * notification's own text (`notificationMessages`, `notificationMessagesBangla`).
 */
export const emailTexts: Record<
  Language,
  {
    greeting: string;
    open: string;
    why: string;
    unsubscribe: string;
    digestSubject: string;
    digestIntro: string;
    digestSearch: string;
    unsubscribePageTitle: string;
    unsubscribePageQuestion: string;
    unsubscribePageButton: string;
    unsubscribedPage: string;
    passwordResetSubject: string;
    passwordResetLine: string;
    passwordResetLink: string;
    passwordResetAsked: string;
  }
> = {
  en: {
    greeting: 'Hello {name},',
    open: 'Open in Basha',
    why: 'You get this email because of your Basha email settings.',
    unsubscribe: 'Unsubscribe from these emails',
    digestSubject: 'Basha: {count} new matches for your saved searches',
    digestIntro: 'New properties matched your saved searches today:',
    digestSearch: 'Saved search "{searchName}"',
    unsubscribePageTitle: 'Unsubscribe',
    unsubscribePageQuestion: 'Stop these emails: {kind}?',
    unsubscribePageButton: 'Unsubscribe',
    unsubscribedPage:
      'Done: you will get no more of these emails. Your dashboard can turn them on again.',
    passwordResetSubject: 'Basha: choose a new password',
    passwordResetLine:
      'Choose a new password for your Basha account here. The link works for one hour, once.',
    passwordResetLink: 'Choose a new password',
    passwordResetAsked:
      'You get this email because someone asked to reset the password of your Basha account. If it was not you, ignore it: your password stays as it is.',
  },
  bn: {
    greeting: 'প্রিয় {name},',
    open: 'বাসা-তে খুলুন',
    why: 'আপনার বাসা ইমেইল সেটিংস অনুযায়ী আপনি এই ইমেইলটি পাচ্ছেন।',
    unsubscribe: 'এই ইমেইলগুলো বন্ধ করুন',
    digestSubject: 'বাসা: আপনার সংরক্ষিত অনুসন্ধানের {count}টি নতুন মিল',
    digestIntro: 'আজ এই নতুন প্রপার্টিগুলো আপনার সংরক্ষিত অনুসন্ধানের সাথে মিলেছে:',
    digestSearch: 'সংরক্ষিত অনুসন্ধান "{searchName}"',
    unsubscribePageTitle: 'আনসাবস্ক্রাইব',
    unsubscribePageQuestion: 'এই ইমেইলগুলো বন্ধ করবেন: {kind}?',
    unsubscribePageButton: 'আনসাবস্ক্রাইব',
    unsubscribedPage: 'হয়ে গেছে: আপনি আর এই ইমেইলগুলো পাবেন না। ড্যাশবোর্ড থেকে আবার চালু করা যাবে।',
    passwordResetSubject: 'বাসা: নতুন পাসওয়ার্ড বেছে নিন',
    passwordResetLine: 'এখানে আপনার বাসা অ্যাকাউন্টের নতুন পাসওয়ার্ড বেছে নিন। লিংকটি এক ঘণ্টা কাজ করবে, একবারই।',
    passwordResetLink: 'নতুন পাসওয়ার্ড বেছে নিন',
    passwordResetAsked:
      'কেউ আপনার বাসা অ্যাকাউন্টের পাসওয়ার্ড রিসেট করতে চেয়েছেন বলে আপনি এই ইমেইলটি পাচ্ছেন। আপনি না চাইলে এটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।',
  },
};

/** Each kind of email by name, for the unsubscribe page ("Stop these emails: …?"). */
export const emailKindNames: Record<Language, Record<string, string>> = {
  en: {
    offerReceived: 'offers received',
    offerAccepted: 'offers accepted',
    offerRejected: 'offers rejected',
    offerLostToAnother: 'offers closed by another accepted',
    offerExpired: 'offers expired',
    paymentReceived: 'payments received',
    paymentRefunded: 'payments refunded',
    listingVerified: 'properties verified',
    listingRejected: 'properties rejected',
    revisionApproved: 'property changes approved',
    revisionRejected: 'property changes rejected',
    reviewReceived: 'new reviews',
    roleChanged: 'account role changes',
    messageReceived: 'new messages',
    savedSearchMatch: 'saved-search matches',
  },
  bn: {
    offerReceived: 'নতুন অফার',
    offerAccepted: 'অফার গৃহীত',
    offerRejected: 'অফার প্রত্যাখ্যাত',
    offerLostToAnother: 'অন্য অফার গৃহীত হওয়ায় বন্ধ অফার',
    offerExpired: 'অফারের মেয়াদ শেষ',
    paymentReceived: 'পেমেন্ট পাওয়া',
    paymentRefunded: 'পেমেন্ট ফেরত',
    listingVerified: 'প্রপার্টি যাচাই',
    listingRejected: 'প্রপার্টি প্রত্যাখ্যান',
    revisionApproved: 'প্রপার্টির পরিবর্তন অনুমোদিত',
    revisionRejected: 'প্রপার্টির পরিবর্তন প্রত্যাখ্যাত',
    reviewReceived: 'নতুন রিভিউ',
    roleChanged: 'অ্যাকাউন্টের ভূমিকা বদল',
    messageReceived: 'নতুন বার্তা',
    savedSearchMatch: 'সংরক্ষিত অনুসন্ধানের মিল',
  },
};
