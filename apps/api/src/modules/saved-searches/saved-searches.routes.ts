import {
  NewSavedSearchSchema,
  SavedSearchChangeSchema,
  SavedSearchIdParamsSchema,
  SavedSearchListSchema,
  SavedSearchSchema,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { actorOf } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import * as savedSearches from './saved-searches.service.ts';

const signedIn = { access: 'signedIn' } as const;

/** The caller's own saved searches (ADR 34): keep, list, rename, change frequency, delete. */
export async function savedSearchesRoutes(
  app: FastifyInstance,
  { db }: { db: Database },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/me/saved-searches',
    {
      config: signedIn,
      schema: {
        tags: ['saved searches'],
        summary: 'Your saved searches, newest first',
        response: { 200: SavedSearchListSchema },
      },
    },
    (request) => savedSearches.listMySavedSearches(db, actorOf(request)),
  );

  r.post(
    '/api/v1/me/saved-searches',
    {
      config: signedIn,
      schema: {
        tags: ['saved searches'],
        summary:
          'Save a search of All Properties (its parameters as the page sends them) with a name and a frequency',
        body: NewSavedSearchSchema,
        response: { 201: SavedSearchSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await savedSearches.saveSearch(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/v1/me/saved-searches/:id',
    {
      config: signedIn,
      schema: {
        tags: ['saved searches'],
        summary: 'Rename one of your saved searches or change its frequency (404 if not yours)',
        params: SavedSearchIdParamsSchema,
        body: SavedSearchChangeSchema,
        response: { 200: SavedSearchSchema },
      },
    },
    (request) =>
      savedSearches.changeSavedSearch(db, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/api/v1/me/saved-searches/:id',
    {
      config: signedIn,
      schema: {
        tags: ['saved searches'],
        summary: 'Delete one of your saved searches (404 if not yours)',
        params: SavedSearchIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await savedSearches.deleteSavedSearch(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
