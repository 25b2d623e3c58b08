import { accessMessages, LIVE_EVENT, type Notification, notificationMessages } from '@basha/domain';
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
      let backedUp = false;
      const unregister = live.open({
        userId: actor.id,
        sessionToken: token,
        role: actor.role,
        lastSent,
        get backedUp() {
          return backedUp;
        },
        send: (notification) => {
          if (reply.raw.writableEnded || reply.raw.destroyed) return;
          if (reply.raw.write(eventOf(notification))) return;
          backedUp = true;
          reply.raw.once('drain', () => {
            backedUp = false;
            live.resume(actor.id);
          });
        },
        close: () => reply.sse.close(),
      });
      reply.sse.onClose(unregister);
    },
  );
}

/**
 * A notification as one Server-Sent Event, written by the route itself rather than
 * @fastify/sse's `send`: a write the socket cannot take must tell the stream at once that its
 * tab is behind (`send` only resolves later), so nothing more is queued for it.
 */
function eventOf(notification: Notification): string {
  return `id: ${notification.sequence}\nevent: ${LIVE_EVENT.notification}\ndata: ${JSON.stringify(notification)}\n\n`;
}
