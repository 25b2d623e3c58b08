import { defineMessages } from '../../lib/i18n/define-messages.ts';

export const listingsMessages = defineMessages({
  en: {
    'listing.status.verified': 'Verified',
    'listing.status.pending': 'Pending',
    'listing.status.rejected': 'Rejected',
    'listing.sold': 'Sold',
    'listing.agent': 'Agent',
    'listing.details': 'Details',
  },
  bn: {
    'listing.status.verified': 'যাচাইকৃত',
    'listing.status.pending': 'অপেক্ষমাণ',
    'listing.status.rejected': 'প্রত্যাখ্যাত',
    'listing.sold': 'বিক্রি হয়েছে',
    'listing.agent': 'এজেন্ট',
    'listing.details': 'বিস্তারিত',
  },
});
