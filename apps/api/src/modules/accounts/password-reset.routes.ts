import {
  PasswordAnswerSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  passwordResetMessages,
} from '@basha/domain';
import { isAPIError } from 'better-auth/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Auth } from '../../auth/better-auth.ts';
import type { LoginThrottle } from '../../auth/login-throttle.ts';
import { countEachInWindow } from '../../auth/rate-limit.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { enqueuePasswordResetRequest } from './password-reset-request.job.ts';
import { forgetResetLinks, RESET_LINK_PREFIX } from './reset-links.ts';

type PasswordResetRoutesOptions = {
  auth: Auth;
  db: Database;
  emailSending: boolean;
  limits: Config['passwordResetLimits'];
  throttle: LoginThrottle;
};

/**
 * Requests for a reset link are counted per address (one machine trying many emails) and
 * per email (someone filling a person's inbox) over an hour. Counted for any email, known or
 * not, so the limit tells nothing about which are registered.
 */
const REQUEST_WINDOW_SECONDS = 60 * 60;

/**
 * Forgotten passwords: a link by email, then a new password with it. better-auth keeps the
 * token (one hour, single use) and signs every device out; these routes hold the new password
 * to the sign-up rule and answer in Basha's problem details. The link is made by a job, after
 * the answer (password-reset-request.job.ts).
 */
export async function passwordResetRoutes(
  app: FastifyInstance,
  { auth, db, emailSending, limits, throttle }: PasswordResetRoutesOptions,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/auth/password-reset-requests',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Email a link to choose a new password (answered the same whether or not an account uses the email)',
        body: PasswordResetRequestSchema,
        response: { 202: PasswordAnswerSchema },
      },
    },
    async (request, reply) => {
      if (!emailSending) {
        throw new AppError('SERVICE_UNAVAILABLE', passwordResetMessages.unavailable);
      }
      const { email } = request.body;
      const limitsByKey = [
        { key: `password-reset:address:${request.ip}`, limit: limits.perAddress },
        { key: `password-reset:email:${email}`, limit: limits.perEmail },
      ];
      const counts = await countEachInWindow(
        db,
        limitsByKey.map(({ key }) => key),
        REQUEST_WINDOW_SECONDS,
      );
      const over = counts.find((tries, i) => tries.count > (limitsByKey[i]?.limit ?? 0));
      if (over) {
        throw new AppError('TOO_MANY_REQUESTS', passwordResetMessages.tooMany, {
          retryAfterSeconds: over.retryAfterSeconds,
        });
      }
      await enqueuePasswordResetRequest(db, email);
      return reply.status(202).send({ message: passwordResetMessages.sent });
    },
  );

  r.post(
    '/api/v1/auth/password-resets',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: "Choose a new password with an emailed link's token; every device is signed out",
        body: PasswordResetSchema,
        response: { 200: PasswordAnswerSchema },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      const account = await accountOfResetToken(auth, token);
      try {
        await auth.api.resetPassword({ body: { token, newPassword: password } });
      } catch (error) {
        // An unknown, expired or used token, or an account deleted since the email.
        if (isAPIError(error) && error.statusCode < 500) {
          throw AppError.validation([{ path: 'token', message: passwordResetMessages.linkUsed }]);
        }
        throw error;
      }
      if (account) {
        await forgetResetLinks(db, account.id);
        await throttle.forgetFailures(request.ip, account.email);
      }
      return { message: passwordResetMessages.changed };
    },
  );
}

/**
 * The account a reset link's token is for, read as better-auth reads it (its identifier for
 * the token, through its own adapter), so the login throttle can be told whose password
 * changed; undefined for a token it does not know, which the reset then refuses.
 */
async function accountOfResetToken(auth: Auth, token: string) {
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(
    `${RESET_LINK_PREFIX}${token}`,
  );
  if (!verification) return undefined;
  return (await context.internalAdapter.findUserById(verification.value)) ?? undefined;
}
