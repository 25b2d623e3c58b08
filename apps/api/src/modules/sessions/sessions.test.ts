import { sessionMessages } from '@basha/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestApp,
  logIn,
  sessionCookieOf,
  signUp,
  type TestApp,
} from '../../../test/test-app.ts';

const ORIGIN = 'http://localhost:3000';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const PHONE =
  'Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The raw session token inside a `name=value` cookie (better-auth signs it: `<token>.<mac>`). */
function tokenOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return value.slice(0, value.lastIndexOf('.'));
}

function logInAs(email: string, password: string, device: { userAgent: string; address: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: device.address,
    headers: { 'user-agent': device.userAgent },
    payload: { email, password },
  });
}

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });
const del = (url: string, cookie: string) =>
  t.app.inject({ method: 'DELETE', url, headers: { cookie, origin: ORIGIN } });

describe('session tokens stay in the cookie (ADR 0011)', () => {
  it('no response of a whole journey carries the session token', async () => {
    const responses: [string, LightMyRequestResponse][] = [];
    const record = async (label: string, response: Promise<LightMyRequestResponse>) => {
      const answered = await response;
      responses.push([label, answered]);
      return answered;
    };
    const email = 'journey@example.test';
    const password = 'Dhaka@2026';
    await record('sign-up', signUp(t.app, { name: 'Journey', email, password }));
    const login = await record('sign-in', logIn(t.app, email, password));
    const cookie = sessionCookieOf(login);
    const token = tokenOf(cookie);
    expect(token.length).toBeGreaterThan(16);
    const signed = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));

    await record('get-session', get('/api/auth/get-session', cookie));
    await record('list-sessions (better-auth)', get('/api/auth/list-sessions', cookie));
    await record('my sessions', get('/api/v1/me/sessions', cookie));
    await record('me', get('/api/v1/me', cookie));
    await record('session', get('/api/v1/session', cookie));
    await record('browse', get('/api/v1/listings', cookie));
    await record('wishlist', get('/api/v1/wishlist', cookie));
    await record('my offers', get('/api/v1/offers/mine', cookie));
    await record('receipts', get('/api/v1/receipts', cookie));
    await record('my reviews', get('/api/v1/reviews/mine', cookie));
    await record(
      'sign-out',
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie, origin: ORIGIN },
      }),
    );

    expect(responses.find(([label]) => label === 'get-session')?.[1].json().session).toBeTruthy();
    for (const [label, response] of responses) {
      expect(response.statusCode, label).toBeLessThan(500);
      expect(response.body.includes(token), `${label} carries the token`).toBe(false);
      expect(response.body.includes(signed), `${label} carries the cookie`).toBe(false);
    }
    // The cookie itself still carries it, for the browser alone (HttpOnly).
    expect(login.cookies.find((c) => c.name.endsWith('session_token'))?.httpOnly).toBe(true);
  });

  it("offers no endpoint that hands the browser Google's tokens or lists sessions with tokens", async () => {
    const account = await createAccount(t);
    for (const [method, url] of [
      ['POST', '/api/auth/get-access-token'],
      ['POST', '/api/auth/refresh-token'],
      ['GET', '/api/auth/account-info'],
      ['GET', '/api/auth/list-sessions'],
      ['POST', '/api/auth/revoke-sessions'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { cookie: account.cookie, origin: ORIGIN },
        ...(method === 'POST' ? { payload: { providerId: 'google' } } : {}),
      });
      expect(response.statusCode, url).toBe(404);
    }
    expect((await get('/api/v1/me', account.cookie)).statusCode).toBe(200);
  });

  it('lists your devices with browser, address and times, and no token', async () => {
    const account = await createAccount(t);
    const laptop = sessionCookieOf(
      await logInAs(account.email, account.password, {
        userAgent: FIREFOX,
        address: '198.51.100.40',
      }),
    );
    await logInAs(account.email, account.password, { userAgent: PHONE, address: '203.0.113.40' });

    const listed = await get('/api/v1/me/sessions', laptop);
    expect(listed.statusCode).toBe(200);
    const { items } = listed.json();
    // The account's first session (createAccount's) and the two above.
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual([
        'current',
        'expiresAt',
        'id',
        'ipAddress',
        'signedInAt',
        'userAgent',
      ]);
      expect(listed.body).not.toContain(tokenOf(laptop));
    }
    expect(items.filter((item: { current: boolean }) => item.current)).toEqual([
      expect.objectContaining({ userAgent: FIREFOX, ipAddress: '198.51.100.40' }),
    ]);
    expect(items).toContainEqual(
      expect.objectContaining({ userAgent: PHONE, ipAddress: '203.0.113.40', current: false }),
    );
  });

  it('signs out one of your own sessions by its id', async () => {
    const account = await createAccount(t);
    const phone = sessionCookieOf(
      await logInAs(account.email, account.password, { userAgent: PHONE, address: '203.0.113.41' }),
    );
    const { items } = (await get('/api/v1/me/sessions', account.cookie)).json();
    const phoneSession = items.find((item: { userAgent: string }) => item.userAgent === PHONE);

    const revoked = await del(`/api/v1/me/sessions/${phoneSession.id}`, account.cookie);
    expect(revoked.statusCode).toBe(204);
    expect((await get('/api/v1/me', phone)).statusCode).toBe(401);
    expect((await get('/api/v1/me', account.cookie)).statusCode).toBe(200);
  });

  it("refuses to sign out another account's session, which keeps working", async () => {
    const mallory = await createAccount(t);
    const victim = await createAccount(t);
    const victimSession = (await get('/api/v1/me/sessions', victim.cookie)).json().items[0];

    const refused = await del(`/api/v1/me/sessions/${victimSession.id}`, mallory.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ status: 404, detail: sessionMessages.notYours });

    // better-auth's token-based revoke is gone too (it answered 200 and did nothing).
    const byToken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-session',
      headers: { cookie: mallory.cookie, origin: ORIGIN },
      payload: { token: tokenOf(victim.cookie) },
    });
    expect(byToken.statusCode).toBe(404);

    expect((await get('/api/v1/me', victim.cookie)).statusCode).toBe(200);
    expect((await get('/api/v1/me/sessions', victim.cookie)).json().items).toHaveLength(1);
  });

  it('signs out everywhere else, keeping this session', async () => {
    const account = await createAccount(t);
    const others = [];
    for (const address of ['198.51.100.42', '203.0.113.42']) {
      others.push(
        sessionCookieOf(
          await logInAs(account.email, account.password, { userAgent: PHONE, address }),
        ),
      );
    }
    const bystander = await createAccount(t);

    const signedOut = await del('/api/v1/me/sessions/others', account.cookie);
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ signedOut: 2 });
    for (const cookie of others) expect((await get('/api/v1/me', cookie)).statusCode).toBe(401);
    expect((await get('/api/v1/me', account.cookie)).statusCode).toBe(200);
    expect((await get('/api/v1/me', bystander.cookie)).statusCode).toBe(200);
    const { items } = (await get('/api/v1/me/sessions', account.cookie)).json();
    expect(items).toEqual([expect.objectContaining({ current: true })]);
  });
});
