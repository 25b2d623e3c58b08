import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  logIn,
  samplePhoto,
  signUp,
  signUpForm,
  type TestApp,
} from '../../test/test-app.ts';

/*
 * A deployment behind a TLS proxy (PUBLIC_URL https, TRUST_PROXY 1): what the proxy forwards
 * over plain http is redirected, everything else carries HSTS, and the cookies are __Host-.
 * The same app over plain http sends no HSTS. (e2e/tests/https-grade.spec.ts grades a real
 * nginx in front of a real server.)
 */
let behindTls: TestApp;
let plain: TestApp;
beforeAll(async () => {
  behindTls = await createTestApp({ PUBLIC_URL: 'https://basha.example', TRUST_PROXY: '1' });
  plain = await createTestApp();
});
afterAll(async () => {
  await behindTls.close();
  await plain.close();
});

const overHttp = { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'basha.example' };
const overHttps = { 'x-forwarded-proto': 'https' };

describe('PUBLIC_URL https behind a trusted proxy', () => {
  it('redirects a plain-http page to the same path at https (301, no HSTS on it)', async () => {
    const response = await behindTls.app.inject({
      url: '/api/v1/listings/latest?limit=3',
      headers: overHttp,
    });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('https://basha.example/api/v1/listings/latest?limit=3');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('redirects a plain-http write with 308, so the browser repeats its method and body', async () => {
    const response = await behindTls.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { ...overHttp, origin: 'https://basha.example' },
      payload: { email: 'someone@example.test', password: 'Passw0rd!x' },
    });
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe('https://basha.example/api/auth/sign-in/email');
  });

  it('sends HSTS for at least a year, subdomains included, over https', async () => {
    const response = await behindTls.app.inject({
      url: '/api/v1/listings/latest',
      headers: overHttps,
    });
    expect(response.statusCode).toBe(200);
    const hsts = String(response.headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain('includeSubDomains');
  });

  it('answers health probes over plain http without redirecting them', async () => {
    const response = await behindTls.app.inject({ url: '/api/health', headers: overHttp });
    expect(response.statusCode).toBe(200);
  });

  it('sets the session cookie as __Host-: Secure, HttpOnly, path /, no Domain', async () => {
    const email = `host-cookie-${Date.now()}@example.test`;
    const created = await behindTls.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: overHttps,
      payload: signUpForm(
        { name: 'Host Cookie', email, password: 'Passw0rd!x' },
        { bytes: await samplePhoto(), name: 'me.png', type: 'image/png' },
      ),
    });
    expect(created.statusCode, created.body).toBe(201);
    const login = await behindTls.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { ...overHttps, origin: 'https://basha.example' },
      payload: { email, password: 'Passw0rd!x' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = login.cookies.find((c) => c.name.endsWith('session_token'));
    expect(cookie).toMatchObject({
      name: '__Host-better-auth.session_token',
      secure: true,
      httpOnly: true,
      path: '/',
    });
    expect(cookie?.domain).toBeUndefined();
    // And the app reads it back: the signed-in caller is known.
    const me = await behindTls.app.inject({
      url: '/api/v1/me',
      headers: { ...overHttps, cookie: `${cookie?.name}=${cookie?.value}` },
    });
    expect(me.statusCode).toBe(200);
  });
});

describe('PUBLIC_URL http', () => {
  it('sends no HSTS and redirects nothing', async () => {
    const response = await plain.app.inject({ url: '/api/v1/listings/latest', headers: overHttp });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps the plain cookie name, without Secure', async () => {
    const email = `plain-cookie-${Date.now()}@example.test`;
    await signUp(plain.app, { name: 'Plain Cookie', email, password: 'Passw0rd!x' });
    const cookie = (await logIn(plain.app, email, 'Passw0rd!x')).cookies.find((c) =>
      c.name.endsWith('session_token'),
    );
    expect(cookie?.name).toBe('better-auth.session_token');
    expect(cookie?.secure).toBeFalsy();
  });
});
