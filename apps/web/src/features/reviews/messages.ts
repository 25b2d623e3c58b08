import { reviewMessages } from '@basha/domain';
import { defineMessages } from '../../lib/i18n/define-messages.ts';

/** Texts of the reviews screens, plus the review API's messages the UI shows as they come. */
export const reviewsMessages = defineMessages({
  'reviews.title': 'Reviews',
  'reviews.none': reviewMessages.noReviews,
  'reviews.stars': '{rating} out of 5 stars',
  'reviews.photoOf': 'Photo of {name}',
  'reviews.writtenOn': 'Written on {date}',
  'reviews.add': 'Add A Review',
  'reviews.onlyUsers': 'Only buyer accounts can review properties.',
  'reviews.alreadyYours':
    'You reviewed this property on {date}; each buyer reviews a property once.',
  'reviews.rewrite': 'To write a new review, delete yours in My Reviews',
  'reviews.dialogTitle': 'Review this property',
  'reviews.rating': 'Rating',
  'reviews.oneStar': '1 star',
  'reviews.manyStars': '{rating} stars',
  'reviews.text': 'Your review',
  'reviews.submit': 'Submit',
  'reviews.submitted': 'Review Submitted',
  'reviews.delete': 'Delete',
  'reviews.deleteReviewOf': 'Delete the review of {title}',
  'reviews.confirmDelete': 'Are you sure?',
  'reviews.confirmDeleteYes': 'Yes, delete it!',
  'reviews.deleted': 'Deleted!',
  'reviews.deletedText': 'The review has been deleted.',
  'reviews.noneWritten': reviewMessages.noneWritten,
  'reviews.noneAtAll': 'Nobody has written a review yet.',
  'reviews.reviewer': 'Reviewer',
  'reviews.property': 'Property',
  'reviews.review': 'Review',
  'reviews.date': 'Date',
  'reviews.actions': 'Actions',
  'reviews.feature': 'Feature',
  'reviews.unfeature': 'Unfeature',
  'reviews.featured': 'Featured',
  'reviews.featureHint':
    'Featured reviews appear in the User Reviews strip on the home page (at most 3 at once).',
  'reviews.featuredDone': 'The review is now featured on the home page.',
  'reviews.unfeaturedDone': 'The review is no longer featured on the home page.',
});
