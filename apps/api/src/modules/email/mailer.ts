import type { MailConfig } from '../../config.ts';

/** One email as Basha writes it: both parts, and the headers every email carries. */
export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The idempotency key as a Message-ID: a repeat after a crash is recognisably the same email. */
  messageId: string;
  headers: Record<string, string>;
};

export type Mailer = {
  /** Hands the email to the SMTP server; throws when it is not accepted (the job retries). */
  send(email: OutgoingEmail): Promise<void>;
  /** The domain of MAIL_FROM: the right-hand side of every Message-ID. */
  domain: string;
  close(): void;
};

/**
 * An SMTP mailer through nodemailer (ADR 34), or undefined when email is off. nodemailer is
 * imported only then: about 0.09 s of CPU at every start of an API that sends no email.
 */
export async function createMailer(config: MailConfig | undefined): Promise<Mailer | undefined> {
  if (!config) return undefined;
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(pooled(config.smtpUrl));
  const address = /<([^>]+)>/.exec(config.from)?.[1] ?? config.from;
  return {
    domain: address.split('@')[1] ?? 'basha.local',
    send: async (email) => {
      await transport.sendMail({ from: config.from, ...email });
    },
    close: () => transport.close(),
  };
}

/**
 * The SMTP URL with nodemailer's pool on, unless the URL says otherwise: up to five
 * connections, each kept open for up to 100 emails. Without it every email opened a
 * connection of its own, with its greeting and, with STARTTLS, a TLS handshake: a password
 * reset or a notification email cost more in connecting than in sending.
 */
function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}
