import { PasswordAnswerSchema, PasswordChangeSchema, passwordChangeMessages } from '@basha/domain';
import { isAPIError } from 'better-auth/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access.ts';
import type { Auth } from '../../auth/better-auth.ts';
import { countInWindow } from '../../auth/rate-limit.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { createSessionTokenReader, toHeaders } from '../../performance/session-reader.ts';
import { signOutMyOtherSessions } from '../sessions/sessions.service.ts';
import { forgetResetLinks } from './reset-links.ts';

/**
 * The window in which an account's tries at the current password are counted (`maxTries`,
 * PASSWORD_CHANGE_MAX_TRIES, 5 by default): a stolen session must not become a way to guess
 * the password (and with it, the account's other devices).
 */
const TRIES_WINDOW_SECONDS = 15 * 60;

/**
 * A signed-in person changes their password, proving it is them with the current one;
 * their other devices are signed out, this one stays. better-auth checks the current
 * password and writes the hash (its own path for it stays disabled, ADR 37); the new one is
 * held to the sign-up rule here.
 */
export async function passwordChangeRoutes(
  app: FastifyInstance,
  { auth, db, maxTries }: { auth: Auth; db: Database; maxTries: number },
): Promise<void> {
  const currentToken = await createSessionTokenReader(auth);
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/v1/me/password',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary:
          'Change your password with the current one; your other devices are signed out (5 tries per 15 minutes)',
        body: PasswordChangeSchema,
        response: { 200: PasswordAnswerSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const tries = await countInWindow(db, `password-change:${actor.id}`, TRIES_WINDOW_SECONDS);
      if (tries.count > maxTries) {
        throw new AppError('TOO_MANY_REQUESTS', passwordChangeMessages.tooMany, {
          retryAfterSeconds: tries.retryAfterSeconds,
        });
      }
      const { currentPassword, newPassword } = request.body;
      try {
        await auth.api.changePassword({
          body: { currentPassword, newPassword, revokeOtherSessions: false },
          headers: toHeaders(request.headers),
        });
      } catch (error) {
        if (isAPIError(error) && error.statusCode < 500) throw refusalOf(error.body?.code);
        throw error;
      }
      await signOutMyOtherSessions(db, actor, currentToken(request));
      await forgetResetLinks(db, actor.id);
      return { message: passwordChangeMessages.changed };
    },
  );
}

/** better-auth's refusal as the field it is about. */
function refusalOf(code: unknown): AppError {
  const message =
    code === 'CREDENTIAL_ACCOUNT_NOT_FOUND'
      ? passwordChangeMessages.noPasswordYet
      : passwordChangeMessages.currentWrong;
  return AppError.validation([{ path: 'currentPassword', message }]);
}
