import { accountMessages, passwordChangeMessages, passwordMessages } from '@basha/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFingerprint } from '../../../test/database-fingerprint.ts';
import {
  createAccount,
  createTestApp,
  logIn,
  sessionCookieOf,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { createAuth } from '../../auth/better-auth.ts';
import { account as accountTable } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

function changePassword(account: { cookie: string }, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/me/password',
    headers: { cookie: account.cookie },
    payload,
  });
}

const me = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });

describe('changing the password while signed in', () => {
  it('takes the new one with the current one, keeps this device and signs the others out', async () => {
    const account = await createAccount(t);
    const otherDevice = sessionCookieOf(await logIn(t.app, account.email, account.password));

    const changed = await changePassword(account, {
      currentPassword: account.password,
      newPassword: 'Comilla@2027',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: passwordChangeMessages.changed });

    expect((await me(account.cookie)).statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await logIn(t.app, account.email, account.password)).statusCode).toBe(401);
    expect((await logIn(t.app, account.email, 'Comilla@2027')).statusCode).toBe(200);
  });

  it('refuses a wrong current password or a weak new one on its field, and changes nothing', async () => {
    const account = await createAccount(t);
    const before = await databaseFingerprint(t);
    const malformed: [Record<string, unknown>, string, string][] = [
      [{ newPassword: 'Comilla@2027' }, 'currentPassword', accountMessages.passwordRequired],
      [
        { currentPassword: account.password, newPassword: 'comilla2027' },
        'newPassword',
        passwordMessages.special,
      ],
    ];
    for (const [payload, path, message] of malformed) {
      const refused = await changePassword(account, payload);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toEqual([expect.objectContaining({ path, message })]);
    }
    expect(await databaseFingerprint(t)).toBe(before);

    // A wrong current password is refused too (and counted against the limit below).
    const wrong = await changePassword(account, {
      currentPassword: 'Not@mine12',
      newPassword: 'Comilla@2027',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      expect.objectContaining({
        path: 'currentPassword',
        message: passwordChangeMessages.currentWrong,
      }),
    ]);
    expect((await logIn(t.app, account.email, account.password)).statusCode).toBe(200);
    expect((await me(account.cookie)).statusCode).toBe(200);
  });

  it('takes five tries in 15 minutes, so a stolen session cannot guess the password', async () => {
    const account: TestAccount = await createAccount(t);
    for (let i = 0; i < 5; i += 1) {
      const guess = await changePassword(account, {
        currentPassword: `Guess@${i}xyz`,
        newPassword: 'Comilla@2027',
      });
      expect(guess.statusCode).toBe(400);
    }
    const sixth = await changePassword(account, {
      currentPassword: account.password,
      newPassword: 'Comilla@2027',
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toBe(passwordChangeMessages.tooMany);
    expect((await logIn(t.app, account.email, account.password)).statusCode).toBe(200);
  });

  it('tells an account made through Google, which has no password, to choose one by email', async () => {
    const account = await createAccount(t, 'user', { google: true });
    const refused = await changePassword(account, {
      currentPassword: 'Anything@2026',
      newPassword: 'Comilla@2027',
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({
        path: 'currentPassword',
        message: passwordChangeMessages.noPasswordYet,
      }),
    ]);
    // No password was set on the way (the try itself is counted, as every try is).
    const signIns = await t.database.db
      .select({ provider: accountTable.providerId, password: accountTable.password })
      .from(accountTable)
      .where(eq(accountTable.userId, account.id));
    expect(signIns).toEqual([{ provider: 'google', password: null }]);
    expect((await me(account.cookie)).statusCode).toBe(200);
  });

  it('ends the open reset links of the account: an older email chooses nothing after a change', async () => {
    const account = await createAccount(t);
    const auth = createAuth(t.config, t.database.db);
    // A link as better-auth makes one when asked for (its own adapter, its stored form).
    const context = await auth.$context;
    await context.internalAdapter.createVerificationValue({
      identifier: 'reset-password:an-emailed-link',
      value: account.id,
      expiresAt: new Date(Date.now() + 30 * 60 * 1000),
    });
    const changed = await changePassword(account, {
      currentPassword: account.password,
      newPassword: 'Comilla@2027',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-resets',
      payload: { token: 'an-emailed-link', password: 'Noakhali@2027' },
    });
    expect(reset.statusCode).toBe(400);
    expect((await logIn(t.app, account.email, 'Comilla@2027')).statusCode).toBe(200);
  });
});
