import {
  PromoteInputSchema,
  SessionStateSchema,
  UserIdParamsSchema,
  UserListQuerySchema,
  UserPageSchema,
  UserSchema,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { actorOf } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import * as users from './users.service.ts';

const adminOnly = { access: ['admin'] as const };

export async function usersRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/me',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['users'], summary: 'The signed-in account', response: { 200: UserSchema } },
    },
    (request) => users.getMe(db, actorOf(request)),
  );

  r.get(
    '/api/v1/session',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['users'],
        summary:
          'Who is signed in: the account, or null for a visitor (200 either way, so a first visit logs no error)',
        response: { 200: SessionStateSchema },
      },
    },
    async (request) => ({
      user: request.actor ? await users.getMe(db, request.actor) : null,
    }),
  );

  r.get(
    '/api/v1/users',
    {
      config: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'List accounts, newest first; `q` searches name and email (admin)',
        querystring: UserListQuerySchema,
        response: { 200: UserPageSchema },
      },
    },
    (request) => users.listUsers(db, request.query),
  );

  r.patch(
    '/api/v1/users/:id/role',
    {
      config: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Promote a user to agent or admin (admin)',
        params: UserIdParamsSchema,
        body: PromoteInputSchema,
        response: { 200: UserSchema },
      },
    },
    async (request) =>
      UserSchema.parse(
        await users.promoteUser(db, actorOf(request), request.params.id, request.body.role),
      ),
  );

  r.post(
    '/api/v1/users/:id/fraud',
    {
      config: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Mark an agent as fraud (admin)',
        params: UserIdParamsSchema,
        response: { 200: UserSchema },
      },
    },
    async (request) =>
      UserSchema.parse(await users.markAgentAsFraud(db, actorOf(request), request.params.id)),
  );

  r.delete(
    '/api/v1/users/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Delete an account whose role is user; its sessions end at once (admin)',
        params: UserIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await users.deleteUser(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
