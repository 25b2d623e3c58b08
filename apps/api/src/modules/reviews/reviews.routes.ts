import {
  CreateReviewInputSchema,
  FeaturedReviewsSchema,
  ListingIdParamsSchema,
  MyReviewsQuerySchema,
  ReviewIdParamsSchema,
  ReviewListQuerySchema,
  ReviewPageSchema,
  ReviewSchema,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { actorOf } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { markPublicView } from '../../performance/response-cache.ts';
import * as reviews from './reviews.service.ts';

const adminOnly = { access: ['admin'] as const };
/** Reviews are shown with their reviewer and listing, and only on listings one may see. */
const reviewsReadFrom = ['reviews', 'listings', 'users'] as const;
const tags = ['reviews'];

export async function reviewsRoutes(
  app: FastifyInstance,
  { db, publicListings }: { db: Database; publicListings: boolean },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // PUBLIC_LISTINGS: a visitor reads a public listing's reviews, as its details (read-only:
  // writing one still needs an account); otherwise the spec's login guard.
  const listingReviewsAccess = publicListings ? 'optional' : 'signedIn';

  r.post(
    '/api/v1/listings/:id/reviews',
    {
      config: { access: ['user'] },
      schema: {
        tags,
        summary: 'Review a public listing: rating 1–5 and text, once per listing (user)',
        params: ListingIdParamsSchema,
        body: CreateReviewInputSchema,
        response: { 201: ReviewSchema },
      },
    },
    async (request, reply) => {
      const created = await reviews.createReview(
        db,
        actorOf(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  r.get(
    '/api/v1/listings/:id/reviews',
    {
      config: {
        access: listingReviewsAccess,
        cache: { readFrom: reviewsReadFrom, sharedBy: 'users-public-view' },
      },
      schema: {
        tags,
        summary:
          "A listing's reviews, newest first (listings the caller may see; public ones for visitors with PUBLIC_LISTINGS)",
        params: ListingIdParamsSchema,
        querystring: ReviewListQuerySchema,
        response: { 200: ReviewPageSchema },
      },
    },
    async (request) => {
      const { page, listingIsPublic } = await reviews.listListingReviews(
        db,
        request.actor,
        request.params.id,
        request.query,
      );
      if (listingIsPublic) markPublicView(request);
      return page;
    },
  );

  r.get(
    '/api/v1/reviews/featured',
    {
      config: { access: 'public', cache: { readFrom: reviewsReadFrom, sharedBy: 'everyone' } },
      schema: {
        tags,
        summary: 'The home page strip: featured reviews first, topped up with the latest',
        response: { 200: FeaturedReviewsSchema },
      },
    },
    () => reviews.homeStrip(db),
  );

  r.get(
    '/api/v1/reviews/mine',
    {
      config: { access: ['user'] },
      schema: {
        tags,
        summary:
          'My reviews, newest first; with listingId, my review of that listing if any (user)',
        querystring: MyReviewsQuerySchema,
        response: { 200: ReviewPageSchema },
      },
    },
    (request) => reviews.listMyReviews(db, actorOf(request), request.query),
  );

  r.get(
    '/api/v1/reviews',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Every review, newest first (admin)',
        querystring: ReviewListQuerySchema,
        response: { 200: ReviewPageSchema },
      },
    },
    (request) => reviews.listAllReviews(db, request.query),
  );

  r.delete(
    '/api/v1/reviews/:id',
    {
      config: { access: ['user', 'admin'] },
      schema: {
        tags,
        summary: 'Delete my review (user) or any review (admin)',
        params: ReviewIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await reviews.deleteReview(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/api/v1/reviews/:id/featured',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Feature a review on the home page, at most 3 at once (admin)',
        params: ReviewIdParamsSchema,
        response: { 200: ReviewSchema },
      },
    },
    (request) => reviews.featureReview(db, actorOf(request), request.params.id),
  );

  r.delete(
    '/api/v1/reviews/:id/featured',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Take a review off the home page (admin)',
        params: ReviewIdParamsSchema,
        response: { 200: ReviewSchema },
      },
    },
    (request) => reviews.unfeatureReview(db, actorOf(request), request.params.id),
  );
}
