import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * API answers are about the caller (their wishlist, their offers) or change at any moment
 * (listings get verified, sold, delisted): no shared cache may keep them, and a browser must
 * ask again before reusing one. With the weak ETags, asking again costs a body-less 304 when
 * nothing changed. A route that sets its own Cache-Control keeps it. Callback-style, like the
 * other hooks every request passes (see SessionReader).
 */
export function registerApiCacheHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    setApiCacheControl(request, reply);
    done(null, payload);
  });
}

/** The Cache-Control of an API answer whose route set none (the response cache's too). */
export function setApiCacheControl(request: FastifyRequest, reply: FastifyReply): void {
  if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
    reply.header('cache-control', 'private, no-cache');
  }
}
