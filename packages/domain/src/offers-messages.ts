// offers's user-facing messages, apart from the schemas so screens that only show
// them do not load the schemas too.
export const offerMessages = {
  deadlineInvalid: 'Select A Valid Date',
  amountNotNumeric: 'Offered price cannot be a string',
  amountRequired: 'Enter the price you offer.',
  amountTooLow: 'Make a valid offer',
  made: 'Offer successfully made and property removed from wishlist!',
  accepted: 'Offer Accepted',
  rejected: 'Offer Rejected',
  ownListing: 'You cannot make an offer on your own property.',
  listingSold: 'This property has already been sold.',
  listingUnavailable: 'This property is no longer available.',
  alreadyOffered: 'You already have an open offer on this property.',
  offerNotFound: 'This offer does not exist.',
  anotherAccepted: 'Another offer on this property has already been accepted.',
  expired: 'This offer has expired.',
  alreadyAccepted: 'This offer has already been accepted.',
  alreadyRejected: 'This offer has already been rejected.',
  alreadyPaid: 'This offer has already been paid.',
  refunded: 'This offer was refunded.',
  notAccepted: 'Only an accepted offer can be paid.',
  none: 'No Transaction Found',
} as const;
