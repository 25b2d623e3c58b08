import { createHash } from 'node:crypto';
import { type Language, pagePaths } from '@basha/domain';
import { eq } from 'drizzle-orm';
import { openSealedValue, sealValue } from '../../auth/sealed-value.ts';
import type { Database } from '../../db/client.ts';
import { user } from '../../db/schema.ts';
import { enqueue } from '../../jobs/job-queue.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import { composeEmail } from '../email/compose-email.ts';
import { emailTexts } from '../email/email-texts.ts';
import type { MailDelivery } from '../email/notification-email.job.ts';

export const PASSWORD_RESET_EMAIL_JOB = 'password-reset-email';

/** What asks for the email: whose account, and the link's token (better-auth's, single use). */
export type PasswordResetEmail = { userId: string; token: string };

/**
 * What the job carries: the token sealed with the server's secret. better-auth keeps only a
 * digest of it (`verification.storeIdentifier`), and finished jobs stay for days: a copy of
 * the database must not hold a working link.
 */
type PasswordResetEmailPayload = { userId: string; sealedToken: string };

const SEALED_FOR = 'password-reset-link';

/**
 * Asks for the email with a reset link (better-auth's `sendResetPassword`). Keyed by a
 * digest of the token: each request's link is its own email, sent once.
 */
export function enqueuePasswordResetEmail(
  db: Database,
  secret: string,
  { userId, token }: PasswordResetEmail,
): Promise<void> {
  const payload: PasswordResetEmailPayload = {
    userId,
    sealedToken: sealValue(secret, SEALED_FOR, token),
  };
  return enqueue(db, PASSWORD_RESET_EMAIL_JOB, payload, {
    key: `${PASSWORD_RESET_EMAIL_JOB}:${tokenDigest(token)}`,
  });
}

/** A token's stand-in where it is named but must not be readable (job keys, Message-IDs). */
function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 32);
}

/** The web page a reset link opens, where the new password is chosen. */
export function passwordResetPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${pagePaths.resetPassword}?token=${encodeURIComponent(token)}`;
}

/**
 * Sends the link to choose a new password, in the account's language. It is an email the
 * person asked for, so it has no unsubscribe and is sent whatever their email settings say.
 * The Message-ID names a digest of the token, never the token itself.
 */
export function passwordResetEmailJob(
  db: Database,
  delivery: MailDelivery | undefined,
): JobHandler {
  return async (payload) => {
    if (!delivery) return;
    const { userId, sealedToken } = payload as PasswordResetEmailPayload;
    const token = openSealedValue(delivery.secret, SEALED_FOR, sealedToken);
    // Sealed under a secret the server no longer has: the link is lost; asking again sends
    // a new one.
    if (!token) return;
    const [account] = await db
      .select({ email: user.email, name: user.name, language: user.language })
      .from(user)
      .where(eq(user.id, userId));
    if (!account) return;
    const language = account.language as Language;
    const words = emailTexts[language];
    await delivery.mailer.send(
      composeEmail({
        to: account.email,
        recipientName: account.name,
        language,
        subject: words.passwordResetSubject,
        lines: [
          {
            text: words.passwordResetLine,
            link: passwordResetPageUrl(delivery.publicUrl, token),
            linkText: words.passwordResetLink,
          },
        ],
        footer: { asked: words.passwordResetAsked },
        messageId: `<${PASSWORD_RESET_EMAIL_JOB}.${tokenDigest(token)}@${delivery.mailer.domain}>`,
      }),
    );
  };
}
