// reviews's user-facing messages, apart from the schemas so screens that only show
// them do not load the schemas too.
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_TEXT_MAX_LENGTH = 2000;
/** The home page strip shows this many reviews, and admins may feature at most this many. */
export const FEATURED_REVIEWS_MAX = 3;

export const reviewMessages = {
  ratingRequired: `Choose a rating from ${RATING_MIN} to ${RATING_MAX} stars.`,
  ratingNotWhole: `The rating must be a whole number of stars from ${RATING_MIN} to ${RATING_MAX}.`,
  textRequired: 'Write a few words about the property.',
  textTooLong: `Your review must be at most ${REVIEW_TEXT_MAX_LENGTH} characters long.`,
  alreadyReviewed: 'You have already reviewed this property.',
  listingNotFound: 'This property does not exist.',
  reviewNotFound: 'This review does not exist.',
  tooManyFeatured: `${FEATURED_REVIEWS_MAX} reviews are already featured on the home page. Unfeature one of them first.`,
  notFeaturable: 'Only reviews of properties that are listed publicly can be featured.',
  noneWritten: "You haven't reviewed any property yet!",
  noReviews: 'No Reviews',
} as const;
