import { accessMessages, LIVE_EVENT, notificationMessages } from '@basha/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { LiveStreams } from './live-streams.ts';
import * as repo from './notifications.repository.ts';

/** A sequence as the stream sent it: digits only, as many as a bigint's. */
const EVENT_ID = /^\d{1,18}$/;

/**
 * GET /api/v1/me/events: one Server-Sent Events stream per signed-in tab (ADR 26), through
 * @fastify/sse. Each event is a new notification of the caller, its sequence the event id;
 * a browser reconnecting with `Last-Event-ID` first gets what it missed. Written straight to
 * the socket, so neither compression nor the response cache ever holds it back.
 */
export function openLiveStream(
  app: FastifyInstance,
  {
    db,
    live,
    sessionToken,
  }: {
    db: Database;
    live: LiveStreams;
    sessionToken: (request: FastifyRequest) => string | null;
  },
): void {
  app.get(
    '/api/v1/me/events',
    {
      sse: { kind: 'manual' },
      config: { access: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary:
          'Your live events (text/event-stream): each new notification, its sequence as the event id; send Last-Event-ID to get the ones missed',
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const token = sessionToken(request);
      if (!token) throw new AppError('UNAUTHENTICATED', accessMessages.logIn);
      const lastEventId = request.headers['last-event-id'];
      if (lastEventId !== undefined && !EVENT_ID.test(String(lastEventId))) {
        throw AppError.validation([
          { path: 'Last-Event-ID', message: notificationMessages.unknownEventId },
        ]);
      }
      const lastSent =
        lastEventId === undefined ? await repo.latestSequence(db, actor.id) : Number(lastEventId);

      reply.sse.keepAlive();
      reply.sse.sendHeaders(200);
      // Node holds written headers back until the first body write; the client should know
      // at once that the stream is open, not at the first event or heartbeat.
      reply.raw.flushHeaders();
      const unregister = live.open({
        userId: actor.id,
        sessionToken: token,
        role: actor.role,
        lastSent,
        send: (notification) => {
          reply.sse
            .send({
              id: String(notification.sequence),
              event: LIVE_EVENT.notification,
              data: notification,
            })
            .catch(() => {});
        },
        close: () => reply.sse.close(),
      });
      reply.sse.onClose(unregister);
    },
  );
}
