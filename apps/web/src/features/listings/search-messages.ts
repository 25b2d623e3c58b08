import { defineMessages } from '../../lib/i18n/define-messages.ts';

/** The all-properties filters on a listing's facts and place, and the result counts. */
export const listingSearchMessages = defineMessages({
  'search.moreFilters': 'More filters',
  'search.activeFilters': 'More filters ({count} chosen)',
  'search.any': 'Any',
  'search.types': 'Property type',
  'search.typeWithCount': '{type} ({count})',
  'search.typeWithCountAtLeast': '{type} ({count}+)',
  'search.division': 'Division',
  'search.district': 'District',
  'search.area': 'Area',
  'search.minBedrooms': 'Bedrooms (at least)',
  'search.minBathrooms': 'Bathrooms (at least)',
  'search.atLeast': '{count}+',
  'search.minSize': 'Minimum size',
  'search.maxSize': 'Maximum size',
  'search.sizeUnit': 'Size unit',
  'search.amenities': 'Amenities (all of)',
  'search.completion': 'Completion',
  'search.resultCountAtLeast': '{count}+ properties',
  'search.sizeOrder': 'The minimum size must not be more than the maximum size.',
  'search.dropped': 'Some filters in this link were not valid and are left out.',
});
