import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { loadConfig } from '../config.ts';

/*
 * The addresses a new operator may open after `npm start`: both http://localhost:3000 and
 * http://127.0.0.1:3000 sign in; any other gets told where to open Basha instead.
 */
const PASSWORD = 'Passw0rd!x';
let t: TestApp;
let email: string;
beforeAll(async () => {
  // As `npm start` runs it: development, PORT 3000, no PUBLIC_URL.
  t = await createTestApp({ NODE_ENV: 'development', PORT: '3000', PUBLIC_URL: '' });
  email = `origins-${Date.now()}@example.test`;
  const created = await signUp(t.app, { name: 'Origins', email, password: PASSWORD });
  expect(created.statusCode, created.body).toBe(201);
});
afterAll(() => t.close());

const logInFrom = (origin: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin },
    payload: { email, password: PASSWORD },
  });

describe('signing in after npm start', () => {
  it.each(['http://localhost:3000', 'http://127.0.0.1:3000'])('works from %s', async (origin) => {
    const response = await logInFrom(origin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.cookies.some((c) => c.name.endsWith('session_token'))).toBe(true);
  });

  it('tells a page at another address where to open Basha, not a bare "Invalid origin"', async () => {
    const response = await logInFrom('http://192.168.1.20:3000');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'CROSS_SITE_REQUEST',
      openAt: 'http://localhost:3000',
      detail: expect.stringContaining('Open Basha at http://localhost:3000'),
    });
  });

  it("reads better-auth's own origin refusal the same way", async () => {
    // Past the cross-site guard (Fetch Metadata says same-origin) but without the Origin that
    // better-auth wants beside a cookie: its "Missing or null Origin" is not shown as such.
    const login = await logInFrom('http://localhost:3000');
    const cookie = login.cookies.find((c) => c.name.endsWith('session_token'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: {
        origin: undefined,
        'sec-fetch-site': 'same-origin',
        cookie: `${cookie?.name}=${cookie?.value}`,
      },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'CROSS_SITE_REQUEST',
      openAt: 'http://localhost:3000',
    });
    expect(response.body).not.toContain('Missing or null Origin');
  });
});

describe('trusted origins', () => {
  it('are localhost and 127.0.0.1 on the port, and PUBLIC_URL, outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development', PORT: '4000' }).trustedOrigins).toEqual([
      'http://localhost:4000',
      'http://127.0.0.1:4000',
    ]);
  });

  it('are only PUBLIC_URL and TRUSTED_ORIGINS in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
      PUBLIC_URL: 'https://basha.example/',
      TRUSTED_ORIGINS: 'https://www.basha.example, https://admin.basha.example/',
    });
    expect(config.trustedOrigins).toEqual([
      'https://basha.example',
      'https://www.basha.example',
      'https://admin.basha.example',
    ]);
  });

  it('refuses a TRUSTED_ORIGINS entry that is not an http(s) origin', () => {
    expect(() => loadConfig({ TRUSTED_ORIGINS: 'basha.example' })).toThrow(/TRUSTED_ORIGINS/);
  });
});
