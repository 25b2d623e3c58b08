import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import Provider, { type Account } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieOf, type TestApp } from '../../test/test-app.ts';
import { user } from '../db/schema.ts';

/**
 * Google sign-in, end to end: the app talks OpenID Connect to a real provider (oidc-provider)
 * standing in for Google, and the "browser" walks the provider's own login and consent pages.
 * Nothing on either side is mocked, so a wrong redirect URI, cookie, PKCE or ID-token check fails
 * here the way it would fail against Google.
 */

const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK_URL = `${PUBLIC_URL}/api/auth/callback/google`;
const CLIENT = { id: 'basha-test-client', secret: 'basha-test-client-secret' };

/** The people the stand-in Google knows, by account id (their `sub`). */
const googleAccounts: Record<string, { email: string; name: string; picture: string }> = {
  'google-sub-ayesha': {
    email: 'ayesha.rahman@gmail.test',
    name: 'Ayesha Rahman',
    picture: 'https://lh3.googleusercontent.test/ayesha.png',
  },
};

type GoogleStandIn = { issuer: string; close(): Promise<void> };

/** Starts oidc-provider on 127.0.0.1 on a free port, configured like our Google client. */
async function startGoogleStandIn(): Promise<GoogleStandIn> {
  // The issuer must contain the port, so take a free port first and hand the server to the
  // provider afterwards.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [CALLBACK_URL],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // better-auth sends the secret in the form body (Google accepts both styles).
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    scopes: ['openid', 'email', 'profile'],
    findAccount: (_ctx, sub): Account | undefined => {
      const person = googleAccounts[sub];
      if (!person) return undefined;
      return { accountId: sub, claims: () => ({ sub, email_verified: true, ...person }) };
    },
    // Our own signing key, so the provider does not fall back to (and warn about) its
    // development keys.
    jwks: { keys: [rsaSigningKey()] },
    cookies: { keys: ['basha-test-cookie-key'] },
    // Login and consent pages come from the provider's built-in development interactions.
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

/** A browser's cookie jar for one site: enough for following redirects by hand. */
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

/** The set-cookie headers of an injected response, as one `cookie` request header. */
function cookieHeaderOf(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** Step 1: ask the app to start Google sign-in; returns where to send the browser. */
async function startSignIn(t: TestApp) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: PUBLIC_URL },
    payload: { provider: 'google', callbackURL: '/' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json() as { url: string };
  // The state cookies tie the callback to this browser; they must come back with it.
  return { authorizationUrl: url, appCookies: cookieHeaderOf(response) };
}

/**
 * Step 2: the browser at the provider. Follows redirects by hand, signs in as `accountId` and
 * consents on the provider's own forms, until the provider sends the browser back to our
 * callback. Returns that callback URL.
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
    expect(response.status, await response.clone().text()).toBe(200);
    const page = await response.text();
    const form = formOf(page, response.url);
    if (form.prompt === 'login') {
      response = await visit(jar, form.action, {
        prompt: 'login',
        login: accountId,
        password: 'any',
      });
    } else if (form.prompt === 'consent') {
      response = await visit(jar, form.action, { prompt: 'consent' });
    } else {
      throw new Error(`unexpected provider page:\n${page}`);
    }
  }
  throw new Error('the provider never redirected back to the app');
}

/** One browser request to the provider (GET, or POST of a form), redirects not followed. */
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
  // fetch leaves `url` as requested; keep it for resolving relative redirects and form actions.
  console.log('URL', response.url === url);
  return response;
}

/** The provider's interaction page: which prompt it shows and where its form posts to. */
function formOf(page: string, pageUrl: string): { prompt: string | undefined; action: string } {
  const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
  const prompt = /name="prompt" value="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error(`no form on provider page:\n${page}`);
  return { prompt, action: new URL(action.replaceAll('&amp;', '&'), pageUrl).href };
}

/** Step 3: the browser lands on our callback with the app's state cookies. */
async function finishSignIn(t: TestApp, callback: URL, appCookies: string) {
  return t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: appCookies },
  });
}

/** The whole round trip for one Google account; returns the app's session cookie. */
async function signInWithGoogle(t: TestApp, accountId: string): Promise<string> {
  const { authorizationUrl, appCookies } = await startSignIn(t);
  const callback = await signInAtProvider(authorizationUrl, accountId);
  const response = await finishSignIn(t, callback, appCookies);
  expect(response.statusCode, response.body).toBe(302);
  return sessionCookieOf(response);
}

describe('Google sign-in against a real OpenID provider', () => {
  let google: GoogleStandIn;
  let t: TestApp;

  beforeAll(async () => {
    // better-auth reads the provider's discovery document while the app is built.
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
    expect(response.json()).toEqual({ emailPassword: true, google: true });
  });

  it('sends the browser to the provider with PKCE, state and our callback', async () => {
    const { authorizationUrl, appCookies } = await startSignIn(t);
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(google.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT.id,
      redirect_uri: CALLBACK_URL,
      response_type: 'code',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('scope')?.split(' ').sort()).toEqual([
      'email',
      'openid',
      'profile',
    ]);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(appCookies).not.toBe('');
  });

  it('signs a new user in, and the session knows who they are', async () => {
    const person = googleAccounts['google-sub-ayesha'];
    const cookie = await signInWithGoogle(t, 'google-sub-ayesha');

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({
      email: person?.email,
      name: person?.name,
      photoUrl: person?.picture,
      role: 'user',
      fraud: false,
    });

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { id: me.json().id, email: person?.email } });
  });

  it('XX no state cookie', async () => {
    const { authorizationUrl } = await startSignIn(t);
    const callback = await signInAtProvider(authorizationUrl, 'google-sub-ayesha');
    const r = await finishSignIn(t, callback, '');
    console.log(
      'NOSTATE',
      r.statusCode,
      r.headers.location,
      r.cookies.map((c) => c.name),
      JSON.stringify(r.body),
      r.headers,
    );
    const other = await startSignIn(t);
    const r2 = await finishSignIn(t, callback, other.appCookies);
    console.log(
      'OTHERSTATE',
      r2.statusCode,
      r2.headers.location,
      r2.cookies.map((c) => c.name),
      r2.body,
    );
  });

  it('signs the same Google account in again as the same user', async () => {
    const first = await signInWithGoogle(t, 'google-sub-ayesha');
    const second = await signInWithGoogle(t, 'google-sub-ayesha');
    expect(second).not.toBe(first);

    const idOf = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).json().id;
    expect(await idOf(second)).toBe(await idOf(first));
    const email = googleAccounts['google-sub-ayesha']?.email ?? '';
    const users = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(users).toHaveLength(1);
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
    expect(response.json()).toEqual({ emailPassword: true, google: false });
  });

  it('refuses to start it with a client error in problem details, never a 5xx', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({
      status: response.statusCode,
      type: expect.any(String),
    });
    expect(response.json().detail).toEqual(expect.any(String));
  });
});
