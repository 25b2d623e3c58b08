import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestApp,
  logIn,
  sessionCookieOf,
  type TestApp,
} from '../../test/test-app.ts';
import { session } from '../db/schema.ts';

// The fast path reads sessions itself; these pin down that it agrees with better-auth's rules.

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });

async function freshSession() {
  const account = await createAccount(t, 'user');
  const cookie = sessionCookieOf(await logIn(t.app, account.email, account.password));
  const token = decodeURIComponent(cookie.split('=').slice(1).join('=')).split('.')[0] as string;
  return { account, cookie, token };
}

const sessionRow = async (token: string) =>
  (await t.database.db.select().from(session).where(eq(session.token, token)))[0];

describe('reading the session cookie', () => {
  it('knows the caller from a signed cookie of a live session', async () => {
    const { account, cookie } = await freshSession();
    const response = await me(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: account.id, email: account.email, role: 'user' });
  });

  it('refuses a cookie whose signature does not match its token (401)', async () => {
    const { cookie } = await freshSession();
    const [name, value] = cookie.split('=') as [string, string];
    const [token] = decodeURIComponent(value).split('.');
    const forged = `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32, 7).toString('base64')}`)}`;
    expect((await me(forged)).statusCode).toBe(401);
    expect((await me(`${name}=${token}`)).statusCode).toBe(401);
  });

  it('refuses at once after logout: the session row is the truth', async () => {
    const { cookie } = await freshSession();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(logout.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('refuses an expired session and removes it, as better-auth does', async () => {
    const { cookie, token } = await freshSession();
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('slides a session due for its daily extension forward, and lets the caller in', async () => {
    const { cookie, token } = await freshSession();
    // Issued six days ago: a week's session a day past its update age.
    const sixDaysLeft = new Date(Date.now() + DAY_MS);
    await t.database.db
      .update(session)
      .set({ expiresAt: sixDaysLeft })
      .where(eq(session.token, token));
    expect((await me(cookie)).statusCode).toBe(200);
    const row = await sessionRow(token);
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
  });
});
