// The property facts' user-facing messages, apart from the schemas so screens that only
// show them do not load the schemas too.

/** Bedrooms and bathrooms are whole numbers from 0 to this. */
export const LISTING_ROOMS_MAX = 20;
/** The tallest residential towers in Bangladesh are under 60 storeys; 200 leaves room. */
export const LISTING_FLOORS_MAX = 200;
/** The largest size a listing may state, in square feet (about 700 bigha). */
export const LISTING_SQUARE_FEET_MAX = 10_000_000;

export const listingFactsMessages = {
  typeRequired: 'Choose the type of property.',
  typeUnknown: 'Choose one of the property types.',
  bedroomsRequired: 'Enter the number of bedrooms.',
  bathroomsRequired: 'Enter the number of bathrooms.',
  bedroomsInvalid: `Bedrooms must be a whole number from 0 to ${LISTING_ROOMS_MAX}.`,
  bathroomsInvalid: `Bathrooms must be a whole number from 0 to ${LISTING_ROOMS_MAX}.`,
  bedroomsOnPlot: 'A plot has no bedrooms.',
  bathroomsOnPlot: 'A plot has no bathrooms.',
  sizeRequired: 'Enter the size.',
  sizeInvalid: 'The size must be a number more than 0, with at most two decimals.',
  sizeTooLarge: `The size must be at most ${LISTING_SQUARE_FEET_MAX / 1_000_000} million square feet.`,
  sizeUnitUnknown: 'Choose square feet, katha, decimal or bigha.',
  landUnitOnBuiltSpace:
    'Built space is measured in square feet; katha, decimal and bigha are for land.',
  floorInvalid: `The floor must be a whole number from 0 (ground floor) to ${LISTING_FLOORS_MAX}.`,
  totalFloorsInvalid: `Total floors must be a whole number from 1 to ${LISTING_FLOORS_MAX}.`,
  floorNotApplicable: 'Only apartments and offices state a floor.',
  totalFloorsRequired: 'Enter the total number of floors of the building.',
  floorAboveTotal: 'The floor must not be above the total number of floors.',
  facingUnknown: 'Choose one of the eight compass directions.',
  completionRequired: 'Say whether the building is ready or under construction.',
  completionUnknown: 'Choose ready or under construction.',
  completionOnPlot: 'A plot has no building to complete.',
  handoverRequired: 'Enter the handover month of a building under construction.',
  handoverInvalid: 'Write the handover month as YYYY-MM, for example 2027-06.',
  handoverOnReady: 'A ready building has no handover month.',
  furnishingUnknown: 'Choose unfurnished, semi-furnished or furnished.',
  furnishingOnPlot: 'A plot cannot be furnished.',
  amenityUnknown: 'Choose amenities from the list.',
  amenitiesOnPlot: 'A plot has no building amenities.',
} as const;
