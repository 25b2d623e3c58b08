import type { Auth } from '../../auth/better-auth.ts';
import type { Database } from '../../db/client.ts';
import { enqueue } from '../../jobs/job-queue.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';

export const PASSWORD_RESET_REQUEST_JOB = 'password-reset-request';

type PasswordResetRequestPayload = { email: string };

/**
 * Asks for a reset link to be made and emailed, after the answer. The request itself only
 * counts and enqueues, the same two statements for any email: whether an account uses the
 * email (a lookup, a link stored, an email enqueued) can no longer be told from how long
 * the answer took, and the answer does not wait for that work (ADR 37).
 */
export function enqueuePasswordResetRequest(db: Database, email: string): Promise<void> {
  const payload: PasswordResetRequestPayload = { email };
  return enqueue(db, PASSWORD_RESET_REQUEST_JOB, payload);
}

/**
 * better-auth looks the email up and, for an account, stores the link's token (one hour,
 * single use) and asks for its email (`sendResetPassword`: password-reset-email.job.ts).
 * An unknown email does nothing.
 */
export function passwordResetRequestJob(auth: Auth): JobHandler {
  return async (payload) => {
    const { email } = payload as PasswordResetRequestPayload;
    await auth.api.requestPasswordReset({ body: { email } });
  };
}
