import type { Role } from '@basha/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.ts';
import type { SessionReader } from './session-reader.ts';

/**
 * Who may call a route: everyone (`public`), everyone with the caller read when signed in
 * (`optional`), any signed-in account, or the listed roles only.
 */
export type Access = 'public' | 'optional' | 'signedIn' | readonly Role[];

export type Actor = {
  id: string;
  name: string;
  email: string;
  role: Role;
  fraud: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in caller; set on every route whose access is not 'public' (null when
     * an 'optional' route is called anonymously). */
    actor: Actor | null;
  }
}

/**
 * Every /api/v1 route must say who may call it (`config.access`); registration fails
 * otherwise, so a forgotten guard is a boot error rather than an open door.
 */
export function registerAccessControl(app: FastifyInstance, readSession: SessionReader): void {
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/v1/') && route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
  });

  // onRequest: refuse before the body is even parsed, so strangers learn nothing from validation.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const actor = await readSession(request);
    if (access === 'optional') {
      request.actor = actor;
      return;
    }
    if (!actor) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
    if (access !== 'signedIn' && !access.includes(actor.role)) {
      throw new AppError('FORBIDDEN', 'Your account is not allowed to do this.');
    }
    request.actor = actor;
  });
}

/** The actor of a route declared with a non-public access; the hook above guarantees it. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  return request.actor;
}
