import {
  MarkedReadSchema,
  NotificationIdParamsSchema,
  NotificationListQuerySchema,
  NotificationPageSchema,
  NotificationSchema,
  UnreadNotificationsSchema,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access.ts';
import type { Auth } from '../../auth/better-auth.ts';
import type { Database } from '../../db/client.ts';
import { createSessionTokenReader } from '../../performance/session-reader.ts';
import { openLiveStream } from './live-stream.route.ts';
import type { LiveStreams } from './live-streams.ts';
import * as notifications from './notifications.service.ts';

const signedIn = { access: 'signedIn' } as const;

/** The bell: the caller's own notifications, their unread count, and marking them read. */
export async function notificationsRoutes(
  app: FastifyInstance,
  { db, auth, live }: { db: Database; auth: Auth; live: LiveStreams },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sessionToken = await createSessionTokenReader(auth);

  r.get(
    '/api/v1/me/notifications',
    {
      config: signedIn,
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first, in pages',
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationPageSchema },
      },
    },
    (request) => notifications.listMyNotifications(db, actorOf(request), request.query),
  );

  r.get(
    '/api/v1/me/notifications/unread-count',
    {
      config: signedIn,
      schema: {
        tags: ['notifications'],
        summary: 'How many of your notifications are unread (the number on the bell)',
        response: { 200: UnreadNotificationsSchema },
      },
    },
    (request) => notifications.countMyUnread(db, actorOf(request)),
  );

  r.post(
    '/api/v1/me/notifications/read-all',
    {
      config: signedIn,
      schema: {
        tags: ['notifications'],
        summary: 'Mark every one of your notifications read',
        response: { 200: MarkedReadSchema },
      },
    },
    (request) => notifications.markAllMyNotificationsRead(db, actorOf(request)),
  );

  r.post(
    '/api/v1/me/notifications/:id/read',
    {
      config: signedIn,
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of your notifications read (404 for any notification not yours)',
        params: NotificationIdParamsSchema,
        response: { 200: NotificationSchema },
      },
    },
    (request) => notifications.markMyNotificationRead(db, actorOf(request), request.params.id),
  );

  openLiveStream(app, { db, live, sessionToken });
}
