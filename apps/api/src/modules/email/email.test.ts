import { randomUUID } from 'node:crypto';
import {
  EMAIL_DEFAULTS,
  fillMessage,
  NOTIFICATION_KINDS,
  type NotificationKind,
  notificationMessages,
  notificationMessagesBangla,
} from '@basha/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createListing } from '../../../test/factories.ts';
import { dueJobsRan } from '../../../test/jobs-settled.ts';
import { as, dhakaDate } from '../../../test/payments-test-kit.ts';
import {
  type ReceivedEmail,
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../../test/smtp-test-server.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { user } from '../../db/schema.ts';
import { recordNotification } from '../notifications/notifications.repository.ts';
import { signUnsubscribeToken, UNSUBSCRIBE_TOKEN_DAYS } from './unsubscribe-token.ts';

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Basha <alerts@basha.test>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Params each kind's text names, as its event writes them. */
const PARAMS: Record<NotificationKind, Record<string, string | number>> = {
  offerReceived: { listingTitle: 'Gulshan flat', amount: 5_050_000 },
  offerAccepted: { listingTitle: 'Gulshan flat', amount: 5_050_000 },
  offerRejected: { listingTitle: 'Gulshan flat', amount: 5_050_000 },
  offerLostToAnother: { listingTitle: 'Gulshan flat', amount: 5_050_000 },
  offerExpired: { listingTitle: 'Gulshan flat', amount: 5_050_000 },
  paymentReceived: { listingTitle: 'Gulshan flat', amount: 5_050_000 },
  paymentRefunded: { listingTitle: 'Gulshan flat', amount: 5_050_000 },
  listingVerified: { listingTitle: 'Gulshan flat' },
  listingRejected: { listingTitle: 'Gulshan flat' },
  revisionApproved: { listingTitle: 'Gulshan flat' },
  revisionRejected: { listingTitle: 'Gulshan flat', reason: 'The price is not the owner’s.' },
  reviewReceived: { listingTitle: 'Gulshan flat', rating: 5 },
  roleChanged: { role: 'agent' },
  messageReceived: { listingTitle: 'Gulshan flat', senderName: 'Rahim' },
  savedSearchMatch: { listingTitle: 'Gulshan flat', searchName: 'Gulshan under 1 crore' },
};

async function setPreferences(account: TestAccount, change: object) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/me/email-preferences',
    headers: as(account),
    payload: change,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** What the event writes: a notification, in a transaction of its own. */
function notify(account: TestAccount, kind: NotificationKind, listingId: string | null = null) {
  return t.database.db.transaction((tx) =>
    recordNotification(tx, { recipientId: account.id, kind, listingId, params: PARAMS[kind] }),
  );
}

/** A header as it was sent (mailparser turns List-* headers into objects of its own). */
function headerOf(email: ReceivedEmail, name: string): string | undefined {
  const line = email.mail.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();
}

function unsubscribeUrlIn(email: ReceivedEmail): URL {
  const header = headerOf(email, 'List-Unsubscribe') ?? '';
  const url = /^<([^>]+)>$/.exec(header)?.[1];
  if (!url) throw new Error(`no List-Unsubscribe URL in ${header}`);
  return new URL(url);
}

describe('email for notifications', () => {
  let english: TestAccount;
  let bangla: TestAccount;
  let listingId: string;

  beforeAll(async () => {
    english = await createAccount(t, 'user');
    bangla = await createAccount(t, 'user');
    await setPreferences(bangla, { language: 'bn' });
    // Every kind on, so each one's email is seen (one is off by default: messages).
    const allOn = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true]));
    await setPreferences(english, { email: allOn });
    await setPreferences(bangla, { email: allOn });
    const agent = await createAccount(t, 'agent');
    listingId = await createListing(t, agent, { title: 'Gulshan flat' });
  });

  it.each(NOTIFICATION_KINDS)(
    '%s: exactly one email, to the recipient, in their language, with both parts and a one-click unsubscribe',
    async (kind) => {
      const before = { en: smtp.to(english.email).length, bn: smtp.to(bangla.email).length };
      await notify(english, kind, listingId);
      await notify(bangla, kind, listingId);
      await until(
        () => smtp.to(english.email).length > before.en && smtp.to(bangla.email).length > before.bn,
        15_000,
      );
      await dueJobsRan(t);

      const [toEnglish, ...moreEnglish] = smtp.to(english.email).slice(before.en);
      const [toBangla, ...moreBangla] = smtp.to(bangla.email).slice(before.bn);
      expect(moreEnglish).toEqual([]);
      expect(moreBangla).toEqual([]);
      for (const [email, texts, account, numbers] of [
        [toEnglish, notificationMessages, english, { 5050000: '50,50,000', 5: '5' }],
        [toBangla, notificationMessagesBangla, bangla, { 5050000: '৫০,৫০,০০০', 5: '৫' }],
      ] as const) {
        if (!email) throw new Error('no email');
        // Numbers as the app writes them: lakh grouping, Bangla digits in Bangla.
        const params = Object.fromEntries(
          Object.entries(PARAMS[kind]).map(([name, value]) => [
            name,
            typeof value === 'number' ? numbers[value as keyof typeof numbers] : value,
          ]),
        );
        const sentence = fillMessage(texts[kind], params);
        expect(email.mail.to).toMatchObject({ value: [{ address: account.email }] });
        expect(email.mail.from?.value[0]?.address).toBe('alerts@basha.test');
        expect(email.mail.subject).toContain(sentence);
        expect(email.mail.text).toContain(sentence);
        expect(email.mail.html).toContain('<a href="http://localhost:3000/');
        expect(email.mail.messageId).toMatch(/^<notification-email\.[0-9a-f-]{36}@basha\.test>$/);
        expect(headerOf(email, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
        const unsubscribe = unsubscribeUrlIn(email);
        expect(unsubscribe.origin + unsubscribe.pathname).toBe(
          'http://localhost:3000/api/v1/email/unsubscribe',
        );
        expect(email.mail.text).toContain(unsubscribe.href);
        expect(unsubscribe.searchParams.get('token')).toContain(`${account.id}.${kind}.`);
      }
    },
  );

  it('an offer made through the API emails the agent once (the offers path writes notifications in bulk)', async () => {
    const agent = await createAccount(t, 'agent');
    const buyer = await createAccount(t, 'user');
    const offered = await createListing(t, agent, { title: 'Banani duplex' });
    const wished = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wishlist',
      headers: as(buyer),
      payload: { listingId: offered },
    });
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/v1/wishlist/${wished.json().id}/offer`,
      headers: as(buyer),
      payload: { amount: 5_050_000, deadline: dhakaDate(3) },
    });
    expect(made.statusCode, made.body).toBe(201);
    await until(() => smtp.to(agent.email).length > 0, 15_000);
    await dueJobsRan(t);

    expect(smtp.to(agent.email).map((email) => email.mail.subject)).toEqual([
      'Basha: New offer of 50,50,000 TK on "Banani duplex".',
    ]);
    expect(smtp.to(buyer.email)).toEqual([]);
  });

  it('a message sent through the API emails the other side once, when they chose new messages', async () => {
    const agent = await createAccount(t, 'agent');
    const buyer = await createAccount(t, 'user', { name: 'Nasrin Akter' });
    await setPreferences(agent, { email: { messageReceived: true } });
    const subject = await createListing(t, agent, { title: 'Uttara flat' });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/conversations',
      headers: as(buyer),
      payload: { listingId: subject },
    });
    expect([200, 201], started.body).toContain(started.statusCode);
    const send = (from: TestAccount, text: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${started.json().id}/messages`,
        headers: as(from),
        payload: { text },
      });
    expect((await send(buyer, 'Is the flat still available?')).statusCode).toBe(201);
    // The buyer kept new messages off (the default): the agent's answer emails no one.
    expect((await send(agent, 'Yes, it is.')).statusCode).toBe(201);
    await until(() => smtp.to(agent.email).length > 0, 15_000);
    await dueJobsRan(t);

    const sentence = fillMessage(notificationMessages.messageReceived, {
      listingTitle: 'Uttara flat',
      senderName: 'Nasrin Akter',
    });
    expect(smtp.to(agent.email).map((email) => email.mail.subject)).toEqual([`Basha: ${sentence}`]);
    expect(smtp.to(buyer.email)).toEqual([]);
  });

  it('sends nothing for a kind that is off: new messages are off unless chosen', async () => {
    expect(EMAIL_DEFAULTS.messageReceived).toBe(false);
    const quiet = await createAccount(t, 'user');
    await notify(quiet, 'messageReceived', listingId);
    await notify(quiet, 'roleChanged');
    await until(() => smtp.to(quiet.email).length > 0, 15_000);
    await dueJobsRan(t);

    expect(smtp.to(quiet.email).map((email) => email.mail.subject)).toEqual([
      'Basha: Your account is now: agent.',
    ]);
  });
});

describe('unsubscribing', () => {
  let account: TestAccount;
  let link: URL;

  beforeEach(async () => {
    account = await createAccount(t, 'user');
    await notify(account, 'roleChanged');
    await until(() => smtp.to(account.email).length === 1, 15_000);
    link = unsubscribeUrlIn(smtp.to(account.email)[0] as ReceivedEmail);
  });

  async function emailChoiceOf(kind: NotificationKind): Promise<boolean> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/email-preferences',
      headers: as(account),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().email[kind];
  }

  it('a GET of the link shows a confirmation page and changes nothing', async () => {
    const page = await t.app.inject({ method: 'GET', url: link.pathname + link.search });

    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post">');
    expect(page.body).toContain('account role changes');
    expect(await emailChoiceOf('roleChanged')).toBe(true);
  });

  it('the one-click POST (RFC 8058, from a mail provider: no session, no Origin) stops that kind only', async () => {
    const clicked = await t.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      headers: { origin: undefined, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect(await emailChoiceOf('roleChanged')).toBe(false);
    expect(await emailChoiceOf('offerAccepted')).toBe(true);

    await notify(account, 'roleChanged');
    await notify(account, 'offerAccepted');
    await until(() => smtp.to(account.email).length === 2, 15_000);
    await dueJobsRan(t);

    expect(smtp.to(account.email).map((email) => email.mail.subject)).toEqual([
      'Basha: Your account is now: agent.',
      'Basha: Your offer on "Gulshan flat" was accepted. You can pay now.',
    ]);
  });

  it('refuses a forged, tampered or expired token (400, 403) and changes nothing', async () => {
    const token = link.searchParams.get('token') as string;
    const [userId, , expires, signature] = token.split('.');
    const expired = signUnsubscribeToken(
      t.config.authSecret,
      { userId: account.id, kind: 'roleChanged' },
      new Date(Date.now() - (UNSUBSCRIBE_TOKEN_DAYS + 1) * 24 * 60 * 60 * 1000),
    );
    const cases = [
      [`${userId}.offerAccepted.${expires}.${signature}`, 400],
      [`${randomUUID()}.roleChanged.${expires}.${signature}`, 400],
      [
        signUnsubscribeToken('another-secret-of-at-least-32-chars!!', {
          userId: account.id,
          kind: 'roleChanged',
        }),
        400,
      ],
      ['not-a-token', 400],
      [expired, 403],
    ] as const;
    for (const [forged, status] of cases) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({
          method,
          url: `/api/v1/email/unsubscribe?token=${encodeURIComponent(forged)}`,
          headers: { origin: undefined },
        });
        expect(response.statusCode, `${method} ${forged}`).toBe(status);
        expect(response.headers['content-type']).toContain('application/problem+json');
        expect(response.json().messageCode).toMatch(/^email\.unsubscribeToken(Invalid|Expired)$/);
      }
    }
    expect(await emailChoiceOf('roleChanged')).toBe(true);
    expect(await emailChoiceOf('offerAccepted')).toBe(true);
  });
});

describe('delivery', () => {
  it('retries after the SMTP server refuses, and delivers once', async () => {
    const account = await createAccount(t, 'user');
    smtp.refuseNext(2);
    await notify(account, 'roleChanged');
    await until(() => smtp.to(account.email).length === 1, 20_000);
    await dueJobsRan(t);

    expect(smtp.to(account.email)).toHaveLength(1);
    const [job] = await t.database.jobQuery(
      `select attempts, completed_at is not null as completed, last_error from jobs
       where name = 'notification-email' and payload->>'notificationId' in
         (select id::text from notifications where recipient_id = $1)`,
      [account.id],
    );
    expect(job).toMatchObject({ attempts: 3, completed: true });
    expect(String(job?.last_error)).toContain('451');
  });

  it('sends one email after another over the connection it already has open', async () => {
    const account = await createAccount(t, 'user');
    await notify(account, 'roleChanged');
    await until(() => smtp.to(account.email).length === 1, 20_000);
    const connectionsBefore = smtp.connections();
    for (const [index, kind] of (['listingVerified', 'reviewReceived'] as const).entries()) {
      await notify(account, kind);
      await until(() => smtp.to(account.email).length === index + 2, 20_000);
    }

    expect(smtp.to(account.email)).toHaveLength(3);
    expect(smtp.connections()).toBe(connectionsBefore);
  });

  it('writes to the account as it is when the email goes: a deleted account gets none', async () => {
    const account = await createAccount(t, 'user');
    await t.database.db.transaction(async (tx) => {
      await recordNotification(tx, {
        recipientId: account.id,
        kind: 'roleChanged',
        params: { role: 'agent' },
      });
      await tx.delete(user).where(eq(user.id, account.id));
    });
    await dueJobsRan(t);
    expect(smtp.to(account.email)).toEqual([]);
  });
});

describe('email settings', () => {
  it('start from the defaults, change only what is given, and are each account’s own', async () => {
    const one = await createAccount(t, 'user');
    const other = await createAccount(t, 'user');
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/email-preferences',
      headers: as(one),
    });
    expect(read.json()).toEqual({ language: 'en', email: EMAIL_DEFAULTS, sending: true });

    const changed = await setPreferences(one, { language: 'bn', email: { offerAccepted: false } });
    expect(changed).toEqual({
      language: 'bn',
      email: { ...EMAIL_DEFAULTS, offerAccepted: false },
      sending: true,
    });
    const theOther = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/email-preferences',
      headers: as(other),
    });
    expect(theOther.json()).toEqual({ language: 'en', email: EMAIL_DEFAULTS, sending: true });
  });

  it('refuse an unknown language or kind with a problem, changing nothing', async () => {
    const one = await createAccount(t, 'user');
    for (const payload of [{ language: 'fr' }, { email: { somethingElse: false } }]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/me/email-preferences',
        headers: as(one),
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
    }
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/email-preferences',
      headers: as(one),
    });
    expect(read.json()).toEqual({ language: 'en', email: EMAIL_DEFAULTS, sending: true });
  });
});

describe('on a server that sends no email', () => {
  it('keeps the settings and says it sends none, so the page can tell its reader', async () => {
    const quiet = await createTestApp();
    try {
      const account = await createAccount(quiet, 'user');
      const change = await quiet.app.inject({
        method: 'PATCH',
        url: '/api/v1/me/email-preferences',
        headers: as(account),
        payload: { language: 'bn' },
      });
      expect(change.json()).toEqual({ language: 'bn', email: EMAIL_DEFAULTS, sending: false });
    } finally {
      await quiet.close();
    }
  });
});
