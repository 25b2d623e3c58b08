import {
  MakeOfferInputSchema,
  MyOfferPageSchema,
  MyOfferSchema,
  OfferIdParamsSchema,
  OfferListQuerySchema,
  ReceivedOfferPageSchema,
  ReceivedOfferSchema,
  WishlistItemIdParamsSchema,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { acceptOffer, rejectOffer } from './decide-offer.service.ts';
import { makeOffer } from './make-offer.service.ts';
import { listMyOffers, listReceivedOffers } from './offers.service.ts';

const usersOnly = { access: ['user'] as const };
const agentsOnly = { access: ['agent'] as const };

export async function offersRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/wishlist/:id/offer',
    {
      config: usersOnly,
      schema: {
        tags: ['offers'],
        summary: 'Make an offer on a wishlisted property; the wishlist item is removed (user)',
        params: WishlistItemIdParamsSchema,
        body: MakeOfferInputSchema,
        response: { 201: MyOfferSchema },
      },
    },
    async (request, reply) => {
      const offer = await makeOffer(db, actorOf(request), request.params.id, request.body);
      return reply.status(201).send(offer);
    },
  );

  r.get(
    '/api/v1/offers/mine',
    {
      config: usersOnly,
      schema: {
        tags: ['offers'],
        summary: 'Your offers, newest first; optional `status` filter (user)',
        querystring: OfferListQuerySchema,
        response: { 200: MyOfferPageSchema },
      },
    },
    (request) => listMyOffers(db, actorOf(request), request.query),
  );

  r.get(
    '/api/v1/offers/received',
    {
      config: agentsOnly,
      schema: {
        tags: ['offers'],
        summary: 'Offers on your listings, newest first; optional `status` filter (agent)',
        querystring: OfferListQuerySchema,
        response: { 200: ReceivedOfferPageSchema },
      },
    },
    (request) => listReceivedOffers(db, actorOf(request), request.query),
  );

  r.post(
    '/api/v1/offers/:id/accept',
    {
      config: agentsOnly,
      schema: {
        tags: ['offers'],
        summary:
          'Accept a pending offer on your listing; the other pending ones are rejected (agent)',
        params: OfferIdParamsSchema,
        response: { 200: ReceivedOfferSchema },
      },
    },
    (request) => acceptOffer(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/v1/offers/:id/reject',
    {
      config: agentsOnly,
      schema: {
        tags: ['offers'],
        summary: 'Reject a pending offer on your listing (agent)',
        params: OfferIdParamsSchema,
        response: { 200: ReceivedOfferSchema },
      },
    },
    (request) => rejectOffer(db, actorOf(request), request.params.id),
  );
}
