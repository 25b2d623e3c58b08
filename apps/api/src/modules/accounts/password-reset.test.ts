import { passwordMessages, passwordResetMessages } from '@basha/domain';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseFingerprint, RECURRING_JOBS, rowsOf } from '../../../test/database-fingerprint.ts';
import { dueJobsRan } from '../../../test/jobs-settled.ts';
import { resetEmailIn } from '../../../test/reset-email.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-test-server.ts';
import {
  createAccount,
  createTestApp,
  logIn,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { rateLimitCounter, user, verification } from '../../db/schema.ts';
import { runJobs } from '../../jobs/run-jobs.ts';
import { openMediaStorage } from '../../media/open-storage.ts';

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Basha <alerts@basha.test>' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function requestReset(email: string, ip = '203.0.113.7') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset-requests',
    payload: { email },
    remoteAddress: ip,
  });
}

function resetPassword(payload: Record<string, unknown>, ip = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/password-resets',
    payload,
    remoteAddress: ip,
  });
}

function logInFrom(ip: string, email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress: ip,
  });
}

const resetEmailOf = (account: { email: string }, count = 1) =>
  resetEmailIn(smtp, account.email, count);

describe('a forgotten password', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await createAccount(t);
  });

  it('is reset through the emailed link: the old password stops working, every device is signed out', async () => {
    const asked = await requestReset(account.email);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ message: passwordResetMessages.sent });

    const { email, link, token } = await resetEmailOf(account);
    expect(email.mail.subject).toBe('Basha: choose a new password');
    expect(link.startsWith(`${t.config.publicUrl}/reset-password?token=`)).toBe(true);
    expect(email.mail.html).toContain('Choose a new password</a>');
    // An email the person asked for: no unsubscribe, whatever their settings.
    expect(email.mail.headers.get('list-unsubscribe')).toBeUndefined();
    expect(email.raw).not.toContain(`${token}@`);

    const changed = await resetPassword({ token, password: 'Sylhet@2027' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: passwordResetMessages.changed });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: account.cookie },
    });
    expect(me.statusCode).toBe(401);
    expect((await logIn(t.app, account.email, account.password)).statusCode).toBe(401);
    expect((await logIn(t.app, account.email, 'Sylhet@2027')).statusCode).toBe(200);

    // The link works once.
    const again = await resetPassword({ token, password: 'Khulna@2028' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([
      expect.objectContaining({ path: 'token', message: passwordResetMessages.linkUsed }),
    ]);
    expect((await logIn(t.app, account.email, 'Sylhet@2027')).statusCode).toBe(200);
  });

  it('ends every other open link of the account once one of them is used', async () => {
    const someone = await createAccount(t);
    await requestReset(someone.email, '198.51.100.20');
    const { token: first } = await resetEmailOf(someone);
    await requestReset(someone.email, '198.51.100.20');
    const { token: second } = await resetEmailOf(someone, 2);
    expect(second).not.toBe(first);

    expect((await resetPassword({ token: second, password: 'Jashore@2027' })).statusCode).toBe(200);
    // The older email, found later by someone else, chooses nothing.
    const older = await resetPassword({ token: first, password: 'Bogura@2027' });
    expect(older.statusCode).toBe(400);
    expect(older.json().errors).toEqual([
      expect.objectContaining({ path: 'token', message: passwordResetMessages.linkUsed }),
    ]);
    expect((await logIn(t.app, someone.email, 'Bogura@2027')).statusCode).toBe(401);
    expect((await logIn(t.app, someone.email, 'Jashore@2027')).statusCode).toBe(200);
  });

  it('keeps the link nowhere a copy of the database would give it away', async () => {
    const someone = await createAccount(t);
    await requestReset(someone.email);
    const { token } = await resetEmailOf(someone);
    await dueJobsRan(t);
    const holding = await rowsOf(
      t,
      sql`
      select 'verifications' as place from verifications
        where strpos(identifier || value, ${token}) > 0
      union all
      select 'jobs' from jobs where strpos(coalesce(key, '') || payload::text, ${token}) > 0`,
    );
    expect(holding).toEqual([]);
    // The digest and the sealed copy still do their work: the link changes the password.
    expect((await resetPassword({ token, password: 'Barishal@2027' })).statusCode).toBe(200);
    expect((await logIn(t.app, someone.email, 'Barishal@2027')).statusCode).toBe(200);
  });

  it('still honours a link stored in plain before tokens were kept as digests', async () => {
    const someone = await createAccount(t);
    const [account] = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, someone.email));
    await t.database.db.insert(verification).values({
      identifier: 'reset-password:a-link-sent-before-the-change',
      value: account?.id as string,
      expiresAt: new Date(Date.now() + 30 * 60 * 1000),
    });
    const reset = await resetPassword({
      token: 'a-link-sent-before-the-change',
      password: 'Rangpur@2027',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await logIn(t.app, someone.email, 'Rangpur@2027')).statusCode).toBe(200);
  });

  it('holds the new password to the sign-up rule, and a refusal changes nothing', async () => {
    const someone = await createAccount(t);
    await requestReset(someone.email);
    const { token } = await resetEmailOf(someone);
    await dueJobsRan(t);
    const before = await databaseFingerprint(t);
    for (const [password, message] of [
      ['short1!', passwordMessages.tooShort],
      ['nodigits!', passwordMessages.digit],
      ['NoSpecial12', passwordMessages.special],
    ]) {
      const refused = await resetPassword({ token, password });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        expect.objectContaining({ path: 'password', message }),
      ]);
    }
    for (const payload of [{ password: 'Sylhet@2027' }, { token: '', password: 'Sylhet@2027' }]) {
      const refused = await resetPassword(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        expect.objectContaining({ path: 'token', message: passwordResetMessages.tokenRequired }),
      ]);
    }
    const forged = await resetPassword({ token: 'not-a-token-we-sent', password: 'Sylhet@2027' });
    expect(forged.statusCode).toBe(400);
    expect(await databaseFingerprint(t)).toBe(before);
    // The link still works after the refusals.
    expect((await resetPassword({ token, password: 'Sylhet@2027' })).statusCode).toBe(200);
  });

  it('lets its owner in at once where they had guessed at the old one and were made to wait', async () => {
    const guesser = await createAccount(t);
    const home = '198.51.100.77';
    // Five wrong guesses, then a sixth after the one-second wait: the next try waits 2 s.
    for (let i = 0; i < 5; i += 1) {
      expect((await logInFrom(home, guesser.email, `Wrong@guess${i}`)).statusCode).toBe(401);
    }
    await until(
      async () => (await logInFrom(home, guesser.email, 'Wrong@guess5')).statusCode === 401,
    );
    // What seven more guesses an hour would leave: a wait of two minutes.
    await t.database.db
      .update(rateLimitCounter)
      .set({ count: 12 })
      .where(eq(rateLimitCounter.key, `login:pair:${guesser.email}:${home}`));
    expect((await logInFrom(home, guesser.email, guesser.password)).statusCode).toBe(429);

    await requestReset(guesser.email, home);
    const { token } = await resetEmailOf(guesser);
    expect((await resetPassword({ token, password: 'Mymensingh@2027' }, home)).statusCode).toBe(
      200,
    );
    expect((await logInFrom(home, guesser.email, 'Mymensingh@2027')).statusCode).toBe(200);
  });

  it('answers an unknown email as a known one, and sends nothing', async () => {
    const unknown = `nobody-${Date.now()}@example.test`;
    const asked = await requestReset(unknown);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: passwordResetMessages.sent });
    await dueJobsRan(t);
    expect(smtp.to(unknown)).toHaveLength(0);
  });

  it('writes the email in the account’s language', async () => {
    const reader = await createAccount(t);
    await t.database.db.update(user).set({ language: 'bn' }).where(eq(user.id, reader.id));
    await requestReset(reader.email);
    const { email } = await resetEmailOf(reader);
    expect(email.mail.subject).toBe('বাসা: নতুন পাসওয়ার্ড বেছে নিন');
    expect(email.mail.html).toContain('lang="bn"');
  });

  it('refuses a malformed email with a field message, and counts nothing', async () => {
    const refused = await requestReset('not-an-email');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ path: 'email', message: 'Enter a valid email address.' }),
    ]);
  });

  it('sends at most three links an hour to one email, and takes 20 requests an hour from one address', async () => {
    const busy = await createAccount(t);
    for (let i = 0; i < 3; i += 1) {
      expect((await requestReset(busy.email, '198.51.100.1')).statusCode).toBe(202);
    }
    const fourth = await requestReset(busy.email, '198.51.100.2');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().detail).toBe(passwordResetMessages.tooMany);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    await resetEmailOf(busy, 3);

    for (let i = 0; i < 20; i += 1) {
      const email = `spray-${i}-${Date.now()}@example.test`;
      expect((await requestReset(email, '198.51.100.9')).statusCode).toBe(202);
    }
    expect((await requestReset(`spray-last@example.test`, '198.51.100.9')).statusCode).toBe(429);
    await dueJobsRan(t);
    expect(smtp.to(busy.email)).toHaveLength(3);
  });
});

describe('a server that sends no email', () => {
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp();
  });
  afterAll(() => quiet?.close());

  it('says that a password cannot be reset here, and the providers endpoint says so too', async () => {
    const providers = await quiet.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(providers.json()).toMatchObject({ passwordReset: false });
    const asked = await quiet.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset-requests',
      payload: { email: 'someone@example.test' },
    });
    expect(asked.statusCode).toBe(503);
    expect(asked.json().detail).toBe(passwordResetMessages.unavailable);
    const providersWithMail = await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(providersWithMail.json()).toMatchObject({ passwordReset: true });
  });
});

// With the jobs in another process (JOBS=separate, which takes a PostgreSQL server), what a
// request does before its answer can be seen apart from the work done after it.
if (inject('databaseTarget').driver === 'postgres') {
  describe('a reset request, answered before its link is made', () => {
    let answering: TestApp;
    beforeAll(async () => {
      answering = await createTestApp({
        JOBS: 'separate',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Basha <alerts@basha.test>',
      });
    });
    afterAll(() => answering?.close());

    it('leaves the same one job for a known and an unknown email, and the job makes and sends the link', async () => {
      const known = await createAccount(answering);
      const unknown = `nobody-${Date.now()}@example.test`;
      for (const email of [known.email, unknown]) {
        const asked = await answering.app.inject({
          method: 'POST',
          url: '/api/v1/auth/password-reset-requests',
          payload: { email },
          remoteAddress: '203.0.113.30',
        });
        expect(asked.statusCode, asked.body).toBe(202);
      }
      // Answered without looking either email up: no link yet, one job each, alike.
      const linksAndJobs = () =>
        rowsOf<{ links: number; jobs: string[] }>(
          answering,
          sql`select
            (select count(*)::int from verifications where value = ${known.id}) as links,
            (select coalesce(array_agg(name order by id), '{}') from jobs
              where name not in ${RECURRING_JOBS}) as jobs`,
        );
      expect(await linksAndJobs()).toEqual([
        { links: 0, jobs: ['password-reset-request', 'password-reset-request'] },
      ]);

      // What `npm run worker` runs takes the jobs.
      const media = await openMediaStorage(answering.config.media);
      const worker = await runJobs(
        answering.database,
        media.storage,
        answering.config,
        pino({ level: 'silent' }),
        { pollIntervalMs: 50 },
      );
      try {
        const { token } = await resetEmailOf(known);
        await dueJobsRan(answering);
        expect(smtp.to(unknown)).toHaveLength(0);
        expect((await linksAndJobs())[0]?.links).toBe(1);
        const reset = await answering.app.inject({
          method: 'POST',
          url: '/api/v1/auth/password-resets',
          payload: { token, password: 'Cumilla@2027' },
        });
        expect(reset.statusCode, reset.body).toBe(200);
      } finally {
        await worker.stop();
        media.close();
      }
    });
  });
}
