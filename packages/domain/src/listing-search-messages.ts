// Messages of the all-properties search filters (apart from the schema, like every
// `*-messages.ts`). Filters shared with the listing form reuse that form's messages.
import { LISTING_ROOMS_MAX } from './listing-facts-messages.ts';

export const listingSearchMessages = {
  minBedroomsInvalid: `Minimum bedrooms must be a whole number from 0 to ${LISTING_ROOMS_MAX}.`,
  minBathroomsInvalid: `Minimum bathrooms must be a whole number from 0 to ${LISTING_ROOMS_MAX}.`,
  sizeFilterInvalid: 'The size must be a number more than 0.',
  sizeFilterRange: 'The minimum size must not be more than the maximum size.',
} as const;
