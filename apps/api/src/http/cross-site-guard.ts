import { accessMessages } from '@basha/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'allowed' on a route that takes no cookie session and authenticates its caller another
     * way (the Stripe webhook's signature), so pages of any site may reach it.
     */
    crossSite?: 'allowed';
  }
}

/** Methods that change nothing; every other method is a write the guard looks at. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a request's headers say about the page that sent it. */
export type RequestSource = 'own' | 'foreign' | 'unknown';

/**
 * Where a request comes from, by the headers browsers set and pages cannot: `Origin` (sent
 * with every non-GET request), else Fetch Metadata's `Sec-Fetch-Site`, else `Referer`.
 * 'unknown' when none is there: not a browser, or one too old to say.
 */
export function sourceOf(
  headers: FastifyRequest['headers'],
  trustedOrigins: ReadonlySet<string>,
): RequestSource {
  const origin = headers.origin;
  if (origin !== undefined) return trustedOrigins.has(origin) ? 'own' : 'foreign';
  const site = headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none' ? 'own' : 'foreign';
  const referer = headers.referer;
  if (referer !== undefined) {
    return URL.canParse(referer) && trustedOrigins.has(new URL(referer).origin) ? 'own' : 'foreign';
  }
  return 'unknown';
}

/**
 * Refuses a state-changing request (POST, PUT, PATCH, DELETE) that a page of another site
 * made, on every route of the app, /api/v1 and better-auth's /api/auth alike (ADR 10). A
 * request without any browser header stays allowed when it carries no cookie: without an
 * ambient credential a forged request can do nothing its sender could not do itself.
 */
export function registerCrossSiteGuard(
  app: FastifyInstance,
  { trustedOrigins, publicUrl }: { trustedOrigins: readonly string[]; publicUrl: string },
): void {
  const trusted = new Set(trustedOrigins);
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    if (request.routeOptions.config.crossSite === 'allowed') return done();
    const source = sourceOf(request.headers, trusted);
    if (source === 'own' || (source === 'unknown' && request.headers.cookie === undefined)) {
      return done();
    }
    done(crossSiteRefusal(publicUrl));
  });
}

/** The refusal a page of another address gets: where to open Basha instead. */
export function crossSiteRefusal(publicUrl: string): AppError {
  return new AppError('CROSS_SITE_REQUEST', accessMessages.crossSite, {
    params: { url: publicUrl },
    openAt: publicUrl,
  });
}
