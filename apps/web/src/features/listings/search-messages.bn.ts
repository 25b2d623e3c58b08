import type { Translation } from '../../lib/i18n/define-messages.ts';
import type { listingSearchMessages } from './search-messages.ts';

export const listingSearchMessagesBangla: Translation<typeof listingSearchMessages> = {
  'search.moreFilters': 'আরও ছাঁকনি',
  'search.activeFilters': 'আরও ছাঁকনি ({count}টি বাছাই করা)',
  'search.any': 'যেকোনো',
  'search.types': 'প্রপার্টির ধরন',
  'search.typeWithCount': '{type} ({count})',
  'search.typeWithCountAtLeast': '{type} ({count}+)',
  'search.division': 'বিভাগ',
  'search.district': 'জেলা',
  'search.area': 'এলাকা',
  'search.minBedrooms': 'শোবার ঘর (অন্তত)',
  'search.minBathrooms': 'বাথরুম (অন্তত)',
  'search.atLeast': '{count}+',
  'search.minSize': 'সর্বনিম্ন আয়তন',
  'search.maxSize': 'সর্বোচ্চ আয়তন',
  'search.sizeUnit': 'আয়তনের একক',
  'search.amenities': 'সুবিধা (সবগুলো)',
  'search.completion': 'নির্মাণের অবস্থা',
  'search.resultCountAtLeast': '{count}+টি প্রপার্টি',
  'search.sizeOrder': 'সর্বনিম্ন আয়তন সর্বোচ্চ আয়তনের চেয়ে বেশি হতে পারে না।',
  'search.dropped': 'এই লিংকের কিছু ছাঁকনি সঠিক ছিল না, সেগুলো বাদ দেওয়া হয়েছে।',
};
