import type { Role } from '@basha/domain';
import { accessMessages } from '@basha/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.ts';
import { asksForPublicView } from './public-view.ts';

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

/**
 * Answers at once, without a promise, when the session is remembered: that is nearly every
 * request, and a promise per request is dear once better-auth's AsyncLocalStorage has
 * turned on Node's promise hooks (see bench/HISTORY.md).
 */
export type SessionReader = (request: FastifyRequest) => Actor | null | Promise<Actor | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in caller; set on every route whose access is not 'public' (null when
     * an 'optional' route is called anonymously, or for the page shell's public view). */
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
  // Callback-style, like the other hooks every request passes: see SessionReader.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return done();
    // The page shell's read of a visitor's view: no account, so the route answers its public view.
    if (asksForPublicView(request)) return done();
    const actor = readSession(request);
    if (actor instanceof Promise) {
      actor.then((read) => done(admit(request, access, read)), done);
    } else {
      done(admit(request, access, actor));
    }
  });
}

/** Lets the caller through (setting `request.actor`), or says why not. */
function admit(
  request: FastifyRequest,
  access: Exclude<Access, 'public'>,
  actor: Actor | null,
): AppError | undefined {
  if (access === 'optional') {
    request.actor = actor;
    return undefined;
  }
  if (!actor) return new AppError('UNAUTHENTICATED', accessMessages.logIn);
  if (access !== 'signedIn' && !access.includes(actor.role)) {
    return new AppError('FORBIDDEN', accessMessages.notAllowed);
  }
  request.actor = actor;
  return undefined;
}

/** The actor of a route declared with a non-public access; the hook above guarantees it. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', accessMessages.logIn);
  return request.actor;
}
