import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
// For the route's `config.cache`, which that module declares.
import type {} from '../performance/response-cache.ts';

/**
 * The page shell reads a listing as a visitor would see it (its link preview, whoever asks
 * and whether or not visitors may open the API), through the API's own route and response
 * cache, so the preview costs nothing on a warm cache and follows the route's rules. It marks
 * those in-process requests with a secret this process makes at start and never sends out;
 * an outside request cannot carry it.
 */
const PUBLIC_VIEW_HEADER = 'x-basha-public-view';
const secret = randomBytes(32);

/** Headers for an in-process request (`app.inject`) that asks for the public view. */
export function publicViewHeaders(): Record<string, string> {
  return { [PUBLIC_VIEW_HEADER]: secret.toString('hex') };
}

/**
 * Whether this request is the page shell's, for the public view of a route that has one (a
 * GET whose answer is cached as the view every user shares, `users-public-view`).
 */
export function asksForPublicView(request: FastifyRequest): boolean {
  const given = request.headers[PUBLIC_VIEW_HEADER];
  if (typeof given !== 'string' || request.method !== 'GET') return false;
  if (request.routeOptions.config.cache?.sharedBy !== 'users-public-view') return false;
  const bytes = Buffer.from(given, 'hex');
  return bytes.length === secret.length && timingSafeEqual(bytes, secret);
}
