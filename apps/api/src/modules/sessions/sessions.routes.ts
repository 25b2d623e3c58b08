import {
  DeviceSessionListSchema,
  SessionIdParamsSchema,
  SignedOutSessionsSchema,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access.ts';
import type { Auth } from '../../auth/better-auth.ts';
import type { Database } from '../../db/client.ts';
import { createSessionTokenReader } from '../../performance/session-reader.ts';
import * as sessions from './sessions.service.ts';

/**
 * The caller's signed-in devices, and signing them out: Basha's stand-in for better-auth's
 * list-sessions and revoke-session, which answer with tokens and took a token (ADR 0011).
 */
export async function sessionsRoutes(
  app: FastifyInstance,
  { db, auth }: { db: Database; auth: Auth },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const currentToken = await createSessionTokenReader(auth);

  r.get(
    '/api/v1/me/sessions',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'Your signed-in devices: browser, address and time, with an id to sign one out',
        response: { 200: DeviceSessionListSchema },
      },
    },
    async (request) => ({
      items: await sessions.listMySessions(db, actorOf(request), currentToken(request)),
    }),
  );

  r.delete(
    '/api/v1/me/sessions/others',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'Sign out everywhere else: every session of yours but this one',
        response: { 200: SignedOutSessionsSchema },
      },
    },
    async (request) => ({
      signedOut: await sessions.signOutMyOtherSessions(db, actorOf(request), currentToken(request)),
    }),
  );

  r.delete(
    '/api/v1/me/sessions/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'Sign out one of your sessions by its id (404 for any session not yours)',
        params: SessionIdParamsSchema,
      },
    },
    async (request, reply) => {
      await sessions.signOutMySession(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
