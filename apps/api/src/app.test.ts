import { DEMO_ACCOUNTS, ROLES } from '@basha/domain';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PHOTO_CACHE_DIR } from '../test/demo-photo-cache-dir.ts';
import { createTestApp, logIn, openTestDatabase, type TestApp } from '../test/test-app.ts';
import { buildApp } from './app.ts';
import { registerAccessControl } from './auth/access.ts';
import { ConfigError, loadConfig } from './config.ts';
import { user } from './db/schema.ts';
import { registerProblemDetails } from './http/problem-details.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and docs', () => {
  it('GET /api/health checks the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: { driver: t.database.driver, ok: true },
    });
  });

  it('GET /api/ready says the app is ready while it serves', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('serves the OpenAPI document generated from the zod schemas, and its UI', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/v1/me',
        '/api/v1/users',
        '/api/v1/users/{id}/role',
      ]),
    );
    const promote = spec.paths['/api/v1/users/{id}/role'].patch;
    expect(promote.requestBody.content['application/json'].schema.properties.role.enum).toEqual([
      'agent',
      'admin',
    ]);
  });
});

describe('security headers and errors', () => {
  it('sends a strict Content-Security-Policy and friends', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Stripe's script and frames are allowed only when Stripe takes the payments.
    expect(csp).toContain("frame-src 'none'");
    expect(csp).not.toContain('stripe.com');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // This app's PUBLIC_URL is plain http: no HSTS (https-only.test.ts: the https case).
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers unknown routes and malformed JSON with problem details', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    expect(missing.json()).toMatchObject({ type: 'about:blank', title: 'Not Found', status: 404 });

    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ status: 400, title: 'Bad Request' });
  });

  it('hides the internals of a 5xx', async () => {
    const app = Fastify({ logger: false });
    registerProblemDetails(app);
    app.get('/boom', async () => {
      throw new Error('connection string postgres://secret@db leaked');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(response.json()).toMatchObject({
      status: 500,
      detail: 'Something went wrong on our side. Please try again.',
    });
    await app.close();
  });

  it('refuses to register an /api/v1 route that does not say who may call it', async () => {
    const app = Fastify({ logger: false });
    registerAccessControl(app, {} as never);
    expect(() => app.get('/api/v1/forgotten', async () => 'open')).toThrow(
      /does not declare config.access/,
    );
    await app.close();
  });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      demoData: true,
      google: undefined,
      shutdownTimeoutMs: 10_000,
      metricsToken: undefined,
      passwordHashCost: 'standard',
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA'],
    [{ GOOGLE_CLIENT_ID: 'only-the-id' }, 'GOOGLE_CLIENT_SECRET'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY'],
    [{ SHUTDOWN_TIMEOUT_SECONDS: '0' }, 'SHUTDOWN_TIMEOUT_SECONDS'],
    [{ METRICS_TOKEN: 'too-short' }, 'METRICS_TOKEN'],
    [{ PASSWORD_HASH_COST: 'none' }, 'PASSWORD_HASH_COST'],
    [
      { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PASSWORD_HASH_COST: 'low' },
      'PASSWORD_HASH_COST',
    ],
  ])('stops at boot on %j with a message naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });

  it('believes forwarded headers only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
  });

  it('turns demo data off in production unless asked for', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret }).demoData).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, DEMO_DATA: 'true' }).demoData,
    ).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });
});

describe('demo data', () => {
  it('seeds the three demo accounts once, and they can log in', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: t.dataDir,
        DEMO_DATA: 'true',
        // The photos' drawing is demo-data.test.ts's to test; here they come from the cache.
        DEMO_PHOTO_CACHE_DIR,
        LOG_LEVEL: 'silent',
      });
      for (let start = 0; start < 2; start++) {
        const app = await buildApp(config, { database });
        await app.close();
      }
      const rows = await database.db.select({ email: user.email, role: user.role }).from(user);
      // The demo marketplace brings more people; the three demo accounts exist exactly once.
      const demoEmails = ROLES.map((role) => DEMO_ACCOUNTS[role].email);
      expect(rows.filter((row) => demoEmails.includes(row.email))).toHaveLength(3);
      const app = await buildApp(config, { database });
      for (const role of ROLES) {
        const account = DEMO_ACCOUNTS[role];
        const [row] = await database.db
          .select({ role: user.role })
          .from(user)
          .where(eq(user.email, account.email));
        expect(row?.role).toBe(role);
        expect((await logIn(app, account.email, account.password)).statusCode).toBe(200);
      }
      await app.close();
    } finally {
      await drop();
    }
  }, 60_000);
});
