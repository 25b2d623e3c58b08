import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { contentSecurityPolicyDirectives } from './content-security-policy.ts';

/**
 * Helmet's security headers (the strict CSP among them) on every response. Our helmet
 * settings vary by configuration only, never by request, so its headers are read once at
 * start and each response gets them in one step: running helmet's dozen middlewares on every
 * request cost a cached answer about a tenth of its time (perf, 2026-11-29).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeadersOf(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** What helmet sets on a response, lower-cased names to values. */
function securityHeadersOf(config: Config): Record<string, string> {
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicyDirectives(config) },
    crossOriginEmbedderPolicy: false,
    // HSTS only where PUBLIC_URL is https, and not on plain-http answers: see https-only.ts.
    strictTransportSecurity: false,
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    // It removes X-Powered-By, which Fastify never sets.
    removeHeader: () => {},
  };
  let finished = false;
  setSecurityHeaders({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet runs its middlewares one after another, synchronously, when none needs the request.
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}
