import type { FastifyInstance } from 'fastify';
import { isSafeMediaKey, MEDIA_CACHE_CONTROL, type MediaStorage } from './storage.ts';

/**
 * GET /media/<key>: streams an object from whichever storage is configured, with the
 * headers /media always had (a year, immutable; an ETag and Last-Modified). One route for
 * both stores keeps the URLs, the same-origin CSP and the private bucket (ADR 14).
 */
export async function mediaRoutes(
  app: FastifyInstance,
  { storage }: { storage: MediaStorage },
): Promise<void> {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const media = isSafeMediaKey(key) ? await storage.read(key) : null;
    if (!media) return reply.callNotFound();
    reply
      .header('cache-control', MEDIA_CACHE_CONTROL)
      .header('etag', media.etag)
      .header('last-modified', media.lastModified.toUTCString());
    if (request.headers['if-none-match'] === media.etag) {
      // Answered before a byte is read: let the file or the store's response go.
      media.body.destroy();
      return reply.code(304).send();
    }
    return reply.type(media.contentType).header('content-length', media.size).send(media.body);
  });
}
