import {
  ListingRevisionSchema,
  PendingRevisionPageSchema,
  PendingRevisionQuerySchema,
  RejectRevisionInputSchema,
  RevisionIdParamsSchema,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access.ts';
import * as revisions from './listing-revisions.service.ts';

const adminOnly = { access: ['admin'] as const };

/** The admins' review of edits to verified listings (ADR 32). */
export async function listingRevisionRoutes(
  app: FastifyInstance,
  deps: revisions.RevisionDeps,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/admin/listing-revisions',
    {
      config: adminOnly,
      schema: {
        tags: ['listings'],
        summary: 'Edits of verified properties waiting for review, newest first (admin)',
        querystring: PendingRevisionQuerySchema,
        response: { 200: PendingRevisionPageSchema },
      },
    },
    (request) => revisions.listPendingRevisions(deps.db, request.query),
  );

  r.get(
    '/api/v1/admin/listing-revisions/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['listings'],
        summary: 'One edit of a verified property, field by field old → new (admin)',
        params: RevisionIdParamsSchema,
        response: { 200: ListingRevisionSchema },
      },
    },
    (request) => revisions.getRevision(deps.db, request.params.id),
  );

  r.post(
    '/api/v1/admin/listing-revisions/:id/approve',
    {
      config: adminOnly,
      schema: {
        tags: ['listings'],
        summary: 'Approve an edit: it goes live and the property stays verified (admin)',
        params: RevisionIdParamsSchema,
        response: { 200: ListingRevisionSchema },
      },
    },
    (request) => revisions.approveRevision(deps, actorOf(request), request.params.id),
  );

  r.post(
    '/api/v1/admin/listing-revisions/:id/reject',
    {
      config: adminOnly,
      schema: {
        tags: ['listings'],
        summary: 'Reject an edit with a reason its agent sees; the property is unchanged (admin)',
        params: RevisionIdParamsSchema,
        body: RejectRevisionInputSchema,
        response: { 200: ListingRevisionSchema },
      },
    },
    (request) =>
      revisions.rejectRevision(deps, actorOf(request), request.params.id, request.body.reason),
  );
}
