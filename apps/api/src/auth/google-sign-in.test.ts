import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProblemSchema } from '@basha/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import Provider, { type Account } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieOf, type TestApp } from '../../test/test-app.ts';
import { user } from '../db/schema.ts';

/*
 * Google sign-in end to end: the app speaks OpenID Connect to a real provider (oidc-provider)
 * standing in for Google, and a hand-driven "browser" walks the provider's own login and consent
 * pages. Nothing is mocked on either side, so a wrong redirect URI, state cookie, PKCE verifier,
 * nonce or ID-token check fails here the way it would fail against Google.
 */

const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK_URL = `${PUBLIC_URL}/api/auth/callback/google`;
const CLIENT = { id: 'basha-test-client', secret: 'basha-test-client-secret' };

const AYESHA = {
  sub: 'google-sub-ayesha',
  email: 'ayesha.rahman@gmail.test',
  name: 'Ayesha Rahman',
  picture: 'https://lh3.googleusercontent.test/ayesha.png',
};
const RAHIM = {
  sub: 'google-sub-rahim',
  email: 'rahim.uddin@gmail.test',
  name: 'রহিম উদ্দিন',
  picture: 'https://lh3.googleusercontent.test/rahim.png',
};
/** The people the stand-in Google knows, by account id (their `sub`). */
const googleAccounts = new Map([
  [AYESHA.sub, AYESHA],
  [RAHIM.sub, RAHIM],
]);

type GoogleStandIn = { issuer: string; close(): Promise<void> };

/** Starts oidc-provider on 127.0.0.1, on a free port, with one client: our app. */
async function startGoogleStandIn(): Promise<GoogleStandIn> {
  // The issuer URL contains the port, so take a free port first and give the server to the
  // provider once the issuer is known.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [CALLBACK_URL],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // better-auth sends the secret in the form body by default; Google accepts that too.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    findAccount: (_ctx, sub): Account | undefined => {
      const person = googleAccounts.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: () => ({ ...person, email_verified: true }) };
    },
    // Explicit keys and lifetimes: the provider would otherwise use development defaults and
    // print a notice for each.
    jwks: { keys: [rsaSigningKey()] },
    cookies: { keys: ['basha-test-cookie-key'] },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
    // Login and consent are the provider's built-in development pages (it warns that they are).
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function rsaSigningKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
}

/** A browser's cookies for one site, enough to follow the provider's redirects by hand. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookieHeaders: string[]): void {
    for (const header of setCookieHeaders) {
      const [pair = ''] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = /expires=Thu, 01 Jan 1970/i.test(header) || /max-age=0\b/i.test(header);
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The cookies an injected response sets, as the `cookie` header a browser would send back. */
function cookieHeaderOf(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** What the SPA adds to the start of sign-in: the language of the page it was started on. */
type StartOptions = { additionalData?: Record<string, unknown> };

function startSignInRequest(t: TestApp, options: StartOptions = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    // A browser's fetch sends its origin; better-auth checks it against the trusted origins.
    headers: { origin: PUBLIC_URL },
    payload: { provider: 'google', callbackURL: '/', ...options },
  });
}

/** Step 1: the SPA asks the app to start Google sign-in. */
async function startSignIn(
  t: TestApp,
  options: StartOptions = {},
): Promise<{ authorizationUrl: string; appCookies: string }> {
  const response = await startSignInRequest(t, options);
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json() as { url: string };
  // The state cookie ties the callback to this browser; it has to come back with the callback.
  return { authorizationUrl: url, appCookies: cookieHeaderOf(response) };
}

/**
 * Step 2: the browser at the provider. Follows its redirects, signs in as `accountId` and
 * consents on the provider's own forms, until the provider sends the browser back to our
 * callback, whose URL (with code and state) it returns.
 */
async function signInAtProvider(authorizationUrl: string, accountId: string): Promise<URL> {
  const jar = new CookieJar();
  let response = await visit(jar, authorizationUrl);
  for (let step = 0; step < 10; step += 1) {
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, response.url);
      if (next.href.startsWith(CALLBACK_URL)) return next;
      response = await visit(jar, next.href);
      continue;
    }
    const page = await response.text();
    expect(response.status, page).toBe(200);
    const form = formOn(page, response.url);
    if (form.prompt === 'login') {
      response = await visit(jar, form.action, {
        prompt: 'login',
        login: accountId,
        password: 'x',
      });
    } else if (form.prompt === 'consent') {
      response = await visit(jar, form.action, { prompt: 'consent' });
    } else {
      throw new Error(`unexpected provider page:\n${page}`);
    }
  }
  throw new Error('the provider never sent the browser back to the app');
}

/** One browser request to the provider (GET, or a form POST); redirects are left to the caller. */
async function visit(
  jar: CookieJar,
  url: string,
  form?: Record<string, string>,
): Promise<Response> {
  const response = await fetch(url, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: { cookie: jar.header() },
    body: form ? new URLSearchParams(form) : undefined,
  });
  jar.store(response.headers.getSetCookie());
  return response;
}

/** The provider's interaction page: which prompt its form answers and where it posts to. */
function formOn(page: string, pageUrl: string): { prompt: string | undefined; action: string } {
  const action = /<form[^>]*\baction="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error(`no form on the provider page:\n${page}`);
  const prompt = /name="prompt" value="([^"]+)"/.exec(page)?.[1];
  return { prompt, action: new URL(action.replaceAll('&amp;', '&'), pageUrl).href };
}

/** Step 3: the browser lands on our callback, bringing the app's cookies. */
function finishSignIn(t: TestApp, callback: URL, appCookies: string) {
  return t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: appCookies },
  });
}

/** The whole round trip for one Google account; returns the app's session cookie. */
async function signInWithGoogle(
  t: TestApp,
  accountId: string,
  options: StartOptions = {},
): Promise<string> {
  const { authorizationUrl, appCookies } = await startSignIn(t, options);
  const callback = await signInAtProvider(authorizationUrl, accountId);
  const response = await finishSignIn(t, callback, appCookies);
  expect(response.statusCode, response.body).toBe(302);
  expect(response.headers.location).toBe('/');
  return sessionCookieOf(response);
}

describe('Google sign-in against a real OpenID provider', () => {
  let google: GoogleStandIn;
  let t: TestApp;

  beforeAll(async () => {
    // better-auth fetches the provider's discovery document while the app is built.
    google = await startGoogleStandIn();
    t = await createTestApp({
      GOOGLE_CLIENT_ID: CLIENT.id,
      GOOGLE_CLIENT_SECRET: CLIENT.secret,
      GOOGLE_ISSUER: google.issuer,
    });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('offers Google on the providers endpoint', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(response.json()).toEqual({ emailPassword: true, google: true, passwordReset: false });
  });

  it('sends the browser to the provider with our client, callback, scopes, state and PKCE', async () => {
    const { authorizationUrl, appCookies } = await startSignIn(t);
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(google.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT.id,
      redirect_uri: CALLBACK_URL,
      response_type: 'code',
      code_challenge_method: 'S256',
      state: expect.any(String),
      code_challenge: expect.any(String),
    });
    expect(url.searchParams.get('scope')?.split(' ').sort()).toEqual([
      'email',
      'openid',
      'profile',
    ]);
    expect(appCookies).toContain('state=');
  });

  it('signs a new user in, with the Google profile and the role user', async () => {
    const cookie = await signInWithGoogle(t, AYESHA.sub);

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({
      email: AYESHA.email,
      name: AYESHA.name,
      photoUrl: AYESHA.picture,
      role: 'user',
      fraud: false,
    });

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { id: me.json().id, email: AYESHA.email } });
  });

  it('signs the same Google account in again as the same user, not a duplicate', async () => {
    const first = await signInWithGoogle(t, AYESHA.sub);
    const second = await signInWithGoogle(t, AYESHA.sub);
    expect(second).not.toBe(first);

    const idOf = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).json().id;
    expect(await idOf(second)).toBe(await idOf(first));
    const users = await t.database.db.select().from(user).where(eq(user.email, AYESHA.email));
    expect(users).toHaveLength(1);
  });

  it('gives a new account the language of the page sign-in started on, and keeps it after', async () => {
    const emailLanguage = async (cookie: string) => {
      const settings = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me/email-preferences',
        headers: { cookie },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      return settings.json().language;
    };
    const fromBangla = await signInWithGoogle(t, RAHIM.sub, {
      additionalData: { language: 'bn' },
    });
    expect(await emailLanguage(fromBangla)).toBe('bn');

    // Signing in again from an English page is not a choice of language: the account keeps its.
    const fromEnglish = await signInWithGoogle(t, RAHIM.sub, {
      additionalData: { language: 'en' },
    });
    expect(await emailLanguage(fromEnglish)).toBe('bn');
  });

  it('refuses to start with a language it does not know, or data it does not take', async () => {
    for (const additionalData of [{ language: 'fr' }, { language: 'bn', role: 'admin' }]) {
      const response = await startSignInRequest(t, { additionalData });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const refusal = await startSignInRequest(t, { additionalData: { language: 'fr' } });
    expect(JSON.stringify(refusal.json())).toContain('Choose English (en) or Bangla (bn).');
  });

  it('refuses a callback that this browser did not start (login CSRF)', async () => {
    const attacker = await startSignIn(t);
    const attackersCallback = await signInAtProvider(attacker.authorizationUrl, AYESHA.sub);
    const victim = await startSignIn(t);

    for (const cookies of ['', victim.appCookies]) {
      const response = await finishSignIn(t, attackersCallback, cookies);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toContain('error=state_mismatch');
      expect(response.cookies.find((c) => c.name.endsWith('session_token'))).toBeUndefined();
    }
  });
});

describe('Google sign-in when it is not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('says so on the providers endpoint', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(response.json()).toEqual({ emailPassword: true, google: false, passwordReset: false });
  });

  it('refuses to start it with a client error in problem details, never a 5xx', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: PUBLIC_URL },
      payload: { provider: 'google', callbackURL: '/' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const body = ProblemSchema.parse(response.json());
    expect(body.status).toBe(response.statusCode);
  });
});
