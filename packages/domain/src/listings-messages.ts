// listings's user-facing messages, apart from the schemas so screens that only show
// them do not load the schemas too.
export const LISTING_TITLE_MAX = 120;
export const LISTING_LOCATION_MAX = 120;
export const LISTING_DESCRIPTION_MAX = 5000;
export const REJECTION_REASON_MAX = 500;

export const listingMessages = {
  titleRequired: 'Title is required.',
  titleTooLong: `Title must be at most ${LISTING_TITLE_MAX} characters long.`,
  locationRequired: 'Location is required.',
  locationTooLong: `Location must be at most ${LISTING_LOCATION_MAX} characters long.`,
  descriptionRequired: 'Description is required.',
  descriptionTooLong: `Description must be at most ${LISTING_DESCRIPTION_MAX} characters long.`,
  priceNotNumeric: 'Price cannot be a string',
  priceMinRequired: 'Minimum price is required.',
  priceMaxRequired: 'Maximum price is required.',
  priceRange: 'Minimum price must be less than maximum price',
  filterPriceRange: 'The minimum price must not be more than the maximum price.',
  filterMinNotNumeric: 'Minimum price must be a number.',
  filterMaxNotNumeric: 'Maximum price must be a number.',
  photoRequired: 'A photo of the property is required.',
  photoTooLarge: 'The property photo must be at most 5 MB.',
  fraudAgent: "You cannot add any property as you're marked as fraud",
  fraudAgentChange: "You cannot change any property as you're marked as fraud",
  notFound: 'This listing does not exist.',
  hiddenCannotDecide:
    'This listing is hidden because its agent was marked as fraud, so it can no longer be verified or rejected.',
  rejectedCannotChange: 'This listing was rejected, so it cannot be updated.',
  soldCannotChange: 'This listing has been sold, so it cannot be updated.',
  hasSaleCannotDelete: 'This listing has an accepted or paid offer, so it cannot be deleted.',
  // One text per outcome rather than a {status} param, so the status reads in the reader's language.
  alreadyVerified: 'This listing has already been verified.',
  alreadyRejected: 'This listing has already been rejected.',
  changedMeanwhile: 'This listing changed meanwhile. Reload it and try again.',
  notMultipart: 'A property must be sent as multipart/form-data with its fields and a photo.',
  rejectionReasonTooLong: `The reason must be at most ${REJECTION_REASON_MAX} characters long.`,
} as const;
