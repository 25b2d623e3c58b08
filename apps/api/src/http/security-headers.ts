import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { contentSecurityPolicyDirectives } from './content-security-policy.ts';

/**
 * Helmet's security headers (the strict CSP among them) on every response. The middleware
 * is built once: @fastify/helmet built it, and parsed the CSP again, on every request, a
 * tenth of a cached answer's cost.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicyDirectives(config) },
    crossOriginEmbedderPolicy: false,
    // HSTS only where PUBLIC_URL is https, and not on plain-http answers: see https-only.ts.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
