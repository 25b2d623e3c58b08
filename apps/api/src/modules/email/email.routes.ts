import {
  EmailPreferencesChangeSchema,
  EmailSettingsSchema,
  UnsubscribeQuerySchema,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import * as email from './email.service.ts';
import { unsubscribedPage, unsubscribePage } from './unsubscribe-page.ts';

const signedIn = { access: 'signedIn' } as const;

/**
 * Email settings (ADR 34): the caller's own choices, and the unsubscribe link every email
 * carries. The link's POST is RFC 8058's one-click unsubscribe, sent by mail providers from
 * elsewhere with no session: it is let through the cross-site guard (ADR 10) because it can
 * do one thing only, turn off the kind its signed token names for the user it names.
 */
export async function emailRoutes(
  app: FastifyInstance,
  { db, secret, sending }: { db: Database; secret: string; sending: boolean },
): Promise<void> {
  // Scoped to this plugin: the one-click POST is a form (`List-Unsubscribe=One-Click`).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/me/email-preferences',
    {
      config: signedIn,
      schema: {
        tags: ['email'],
        summary:
          'Your email settings: the language, which notifications you get by email, and whether this server sends email at all',
        response: { 200: EmailSettingsSchema },
      },
    },
    (request) => email.myEmailSettings(db, actorOf(request), sending),
  );

  r.patch(
    '/api/v1/me/email-preferences',
    {
      config: signedIn,
      schema: {
        tags: ['email'],
        summary: 'Change your email language or turn kinds of email on or off; the rest stays',
        body: EmailPreferencesChangeSchema,
        response: { 200: EmailSettingsSchema },
      },
    },
    (request) => email.changeMyEmailSettings(db, actorOf(request), request.body, sending),
  );

  r.get(
    '/api/v1/email/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags: ['email'],
        summary:
          'The unsubscribe link: a page that asks to confirm (HTML). It never unsubscribes by itself',
        querystring: UnsubscribeQuerySchema,
      },
    },
    async (request, reply) => {
      const { kind, language } = await email.unsubscribeQuestion(db, secret, request.query.token);
      return reply.type('text/html; charset=utf-8').send(unsubscribePage(language, kind));
    },
  );

  r.post(
    '/api/v1/email/unsubscribe',
    {
      config: { access: 'public', crossSite: 'allowed' },
      schema: {
        tags: ['email'],
        summary:
          'One-click unsubscribe (RFC 8058): stops the kind of email the token names (HTML page)',
        querystring: UnsubscribeQuerySchema,
      },
    },
    async (request, reply) => {
      const language = await email.unsubscribe(db, secret, request.query.token);
      return reply.type('text/html; charset=utf-8').send(unsubscribedPage(language));
    },
  );
}
