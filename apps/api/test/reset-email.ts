import type { ReceivedEmail, TestSmtpServer } from './smtp-test-server.ts';
import { until } from './until.ts';

/**
 * The password reset email an inbox holds (waiting for its `count`th), the link it carries
 * and the link's token: read as the person would, from the email, since the server keeps
 * the token nowhere readable.
 */
export async function resetEmailIn(smtp: TestSmtpServer, address: string, count = 1) {
  await until(() => smtp.to(address).length >= count);
  const email = smtp.to(address).at(-1) as ReceivedEmail;
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(email.mail.text ?? '')?.[0];
  if (!link) throw new Error(`no reset link in:\n${email.mail.text}`);
  const token = new URL(link).searchParams.get('token') as string;
  return { email, link, token };
}
