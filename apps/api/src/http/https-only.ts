import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Two years, and every subdomain: what HSTS preload lists and graders ask for. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/** Probes of the machine itself, which may come over the proxy's plain-http side. */
const HEALTH_PATH = '/api/health';

/**
 * When PUBLIC_URL is https, Basha is reached through a TLS proxy. A request that came in
 * over plain http (the trusted proxy says so in X-Forwarded-Proto: `request.protocol`) is
 * sent to the same path at PUBLIC_URL; every other answer carries HSTS, so a browser never
 * tries plain http again. Over plain-http deployments none of this applies.
 */
export function registerHttpsOnly(app: FastifyInstance, config: Config): void {
  if (!config.publicUrl.startsWith('https:')) return;
  // Without a trusted proxy every request looks like plain http: redirecting would loop.
  const seesProtocol = config.trustProxy !== false;
  if (!seesProtocol) {
    app.log.warn(
      'PUBLIC_URL is https but TRUST_PROXY is not set: Basha cannot tell which requests came over plain http, so it does not redirect them to https. Set TRUST_PROXY to your TLS proxy.',
    );
  }
  app.addHook('onRequest', (request, reply, done) => {
    if (seesProtocol && request.protocol === 'http' && !request.url.startsWith(HEALTH_PATH)) {
      // 308 keeps the method and body of a write; a page or download may be cached as moved.
      const permanent = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
      reply.redirect(`${config.publicUrl}${request.url}`, permanent);
      return;
    }
    reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done();
  });
}
