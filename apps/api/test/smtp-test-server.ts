import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** An email the test server accepted: who it was for, and the message as a client reads it. */
export type ReceivedEmail = { to: string[]; mail: ParsedMail; raw: string };

export type TestSmtpServer = {
  /** `smtp://127.0.0.1:<port>`: what SMTP_URL is set to. */
  url: string;
  /** Every message accepted (answered 250), in order. */
  received: ReceivedEmail[];
  /** How many connections clients have opened so far. */
  connections(): number;
  /** The messages accepted for one address. */
  to(address: string): ReceivedEmail[];
  /** Refuses the next `count` messages with a temporary failure (451), as a busy server does. */
  refuseNext(count: number): void;
  /**
   * Runs before a message is accepted, with the message in hand: a test may kill its sender
   * here, so the message was sent whole but never acknowledged.
   */
  beforeAccepting(hook: ((mail: ParsedMail) => Promise<void> | void) | undefined): void;
  close(): Promise<void>;
};

/**
 * A real SMTP server on loopback, in the test process (smtp-server), that parses what it
 * receives with mailparser: the app's mailer talks SMTP to it as to any server. No TLS and no
 * authentication, which loopback needs neither of. On a free port unless given one (the
 * end-to-end runs' mailbox, e2e/mail/mailbox.ts).
 */
export async function startTestSmtpServer({ port = 0 } = {}): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = [];
  let refusals = 0;
  let connections = 0;
  let hook: ((mail: ParsedMail) => Promise<void> | void) | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        void (async () => {
          if (refusals > 0) {
            refusals -= 1;
            const busy = Object.assign(new Error('Try again later'), { responseCode: 451 });
            return callback(busy);
          }
          const mail = await simpleParser(raw);
          await hook?.(mail);
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail, raw });
          callback();
        })().catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    received,
    connections: () => connections,
    to: (address) => received.filter((email) => email.to.includes(address)),
    refuseNext: (count) => {
      refusals = count;
    },
    beforeAccepting: (next) => {
      hook = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
