import { z } from 'zod/mini';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { idMessages } from './request-messages.ts';
import {
  FEATURED_REVIEWS_MAX,
  RATING_MAX,
  RATING_MIN,
  REVIEW_TEXT_MAX_LENGTH,
  reviewMessages,
} from './reviews-messages.ts';
import { text } from './text.ts';
import { RoleSchema } from './users.ts';

export const RatingSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? reviewMessages.ratingRequired
        : reviewMessages.ratingNotWhole,
  })
  .check(
    z.int(reviewMessages.ratingNotWhole),
    z.minimum(RATING_MIN, reviewMessages.ratingRequired),
    z.maximum(RATING_MAX, reviewMessages.ratingRequired),
  );

export const ReviewTextSchema = text({ error: reviewMessages.textRequired }).check(
  z.trim(),
  z.minLength(1, reviewMessages.textRequired),
  z.maxLength(REVIEW_TEXT_MAX_LENGTH, reviewMessages.textTooLong),
);

export const CreateReviewInputSchema = z.strictObject({
  rating: RatingSchema,
  text: ReviewTextSchema,
});
export type CreateReviewInput = z.infer<typeof CreateReviewInputSchema>;

/** What every review list shows; the date is ISO (the web formats it en-GB). */
export const ReviewSchema = z.object({
  id: z.string(),
  rating: z.int().check(z.minimum(RATING_MIN), z.maximum(RATING_MAX)),
  text: z.string(),
  featured: z.boolean(),
  createdAt: z.iso.datetime(),
  reviewer: z.object({
    id: z.string(),
    name: z.string(),
    photoUrl: z.nullable(z.string()),
    role: RoleSchema,
  }),
  listing: z.object({ id: z.string(), title: z.string() }),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewIdParamsSchema = z.object({ id: z.uuid(idMessages.unknownReview) });

export const ReviewListQuerySchema = PageQuerySchema;
export type ReviewListQuery = z.infer<typeof ReviewListQuerySchema>;

/**
 * My reviews; `listingId` narrows them to my review of that listing, if any: the details page
 * asks it before offering a review form the server would refuse (one review per listing).
 */
export const MyReviewsQuerySchema = z.extend(PageQuerySchema, {
  listingId: z.optional(z.uuid(idMessages.unknownListing)),
});
export type MyReviewsQuery = z.infer<typeof MyReviewsQuerySchema>;

export const ReviewPageSchema = pageOf(ReviewSchema);
export type ReviewPage = z.infer<typeof ReviewPageSchema>;

/** The home page strip: featured reviews first, topped up with the latest ones. */
export const FeaturedReviewsSchema = z.object({
  items: z.array(ReviewSchema).check(z.maxLength(FEATURED_REVIEWS_MAX)),
});
export type FeaturedReviews = z.infer<typeof FeaturedReviewsSchema>;
