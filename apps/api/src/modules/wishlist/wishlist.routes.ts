import {
  AddToWishlistInputSchema,
  RemovedWishlistItemSchema,
  WishlistItemDetailsSchema,
  WishlistItemIdParamsSchema,
  WishlistItemSchema,
  WishlistPageSchema,
  WishlistQuerySchema,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import * as wishlist from './wishlist.service.ts';

const usersOnly = { access: ['user'] as const };

export async function wishlistRoutes(
  app: FastifyInstance,
  { db }: { db: Database },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/wishlist',
    {
      config: usersOnly,
      schema: {
        tags: ['wishlist'],
        summary: 'Add a public listing to your wishlist (user)',
        body: AddToWishlistInputSchema,
        response: { 201: WishlistItemSchema },
      },
    },
    async (request, reply) => {
      const item = await wishlist.addToWishlist(db, actorOf(request), request.body.listingId);
      return reply.status(201).send(item);
    },
  );

  r.get(
    '/api/v1/wishlist',
    {
      config: {
        ...usersOnly,
        cache: { readFrom: ['wishlist_items', 'listings', 'users'], sharedBy: 'caller' },
      },
      schema: {
        tags: ['wishlist'],
        summary: 'Your wishlist, newest first; listings no longer public are left out (user)',
        querystring: WishlistQuerySchema,
        response: { 200: WishlistPageSchema },
      },
    },
    (request) => wishlist.listWishlist(db, actorOf(request), request.query),
  );

  r.get(
    '/api/v1/wishlist/:id',
    {
      config: usersOnly,
      schema: {
        tags: ['wishlist'],
        summary:
          'One of your wishlist items with its property card, and your open offer on it if any: pending, or accepted and not paid (user)',
        params: WishlistItemIdParamsSchema,
        response: { 200: WishlistItemDetailsSchema },
      },
    },
    (request) => wishlist.getWishlistItem(db, actorOf(request), request.params.id),
  );

  r.delete(
    '/api/v1/wishlist/:id',
    {
      config: usersOnly,
      schema: {
        tags: ['wishlist'],
        summary: 'Remove one of your wishlist items; says which property was removed (user)',
        params: WishlistItemIdParamsSchema,
        response: { 200: RemovedWishlistItemSchema },
      },
    },
    (request) => wishlist.removeFromWishlist(db, actorOf(request), request.params.id),
  );
}
