import {
  PasswordAnswerSchema,
  type PasswordChange,
  PasswordChangeSchema,
  passwordChangeMessages,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access.ts';
import type { Auth } from '../../auth/better-auth.ts';
import { countInWindow } from '../../auth/rate-limit.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { createSessionTokenReader } from '../../performance/session-reader.ts';
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
 * their other devices are signed out, this one stays. The new one is held to the sign-up
 * rule by the body's schema; better-auth's own path for a change stays disabled (ADR 37).
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
      await replacePassword(auth, actor.id, request.body);
      await signOutMyOtherSessions(db, actor, currentToken(request));
      await forgetResetLinks(db, actor.id);
      return { message: passwordChangeMessages.changed };
    },
  );
}

/**
 * Checks the current password and hashes the new one at the same time, through
 * better-auth's own password functions and adapter. Each is a scrypt on libuv's thread pool,
 * so the person waits for one hash, where better-auth's `changePassword` makes them wait for
 * two (it hashes, then verifies; ADR 37's amendment has the figures). A wrong current
 * password costs the server the same two hashes either way, and the tries are counted before.
 */
async function replacePassword(
  auth: Auth,
  userId: string,
  { currentPassword, newPassword }: PasswordChange,
): Promise<void> {
  const context = await auth.$context;
  const account = await context.internalAdapter.findCredentialAccount(userId);
  if (!account?.password) throw refusalOn(passwordChangeMessages.noPasswordYet);
  const [currentMatches, newHash] = await Promise.all([
    context.password.verify({ hash: account.password, password: currentPassword }),
    context.password.hash(newPassword),
  ]);
  if (!currentMatches) throw refusalOn(passwordChangeMessages.currentWrong);
  await context.internalAdapter.updateAccount(account.id, { password: newHash });
}

function refusalOn(message: string): AppError {
  return AppError.validation([{ path: 'currentPassword', message }]);
}
