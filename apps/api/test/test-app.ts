import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@basha/domain';
import { makeSignature } from 'better-auth/crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { inject } from 'vitest';
import { type AppDependencies, buildApp } from '../src/app.ts';
import { type Auth, createAuth, GOOGLE_PROVIDER_ID } from '../src/auth/better-auth.ts';
import { passwordHashing } from '../src/auth/password-hashing.ts';
import { type Config, loadConfig } from '../src/config.ts';
import {
  type DatabaseHandle,
  type DatabaseOptions,
  embeddedClientOf,
  openPostgresDatabase,
} from '../src/db/client.ts';
import { account, user } from '../src/db/schema.ts';
import { storeImage } from '../src/media/images.ts';
import { openMediaStorage } from '../src/media/open-storage.ts';
import { PROFILE_PHOTO_VARIANTS } from '../src/modules/accounts/sign-up.service.ts';
import { appErrorLog } from './app-error-log.ts';
import { DEMO_PHOTO_CACHE_DIR } from './demo-photo-cache-dir.ts';
import { takeEmbeddedDatabase } from './embedded-database-pool.ts';
import { databaseUrlFor } from './postgres-admin.ts';
import { giveBackPostgresDatabase, takePostgresDatabase } from './postgres-database-pool.ts';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The database's connection URL on PostgreSQL; undefined on PGlite (in memory). */
  databaseUrl: string | undefined;
  /**
   * Runs SQL the way another API process would: on PostgreSQL over a connection of its own,
   * so this app hears of it only through PostgreSQL's announcements. PGlite has no other
   * process; there it runs on the same database.
   */
  sqlFromElsewhere(query: string, params?: unknown[]): Promise<void>;
  dataDir: string;
  /** Every route the app registered, as `METHOD /url` (HEAD left out: Fastify adds it to GETs). */
  routes: string[];
  config: Config;
  close(): Promise<void>;
};

/**
 * A migrated database no other file is using, with nothing in it: one this worker kept and
 * emptied (ADR 36), else on PostgreSQL a copy of the run's template, on PGlite of the run's
 * snapshot.
 */
export async function openTestDatabase(options: DatabaseOptions = {}): Promise<{
  database: DatabaseHandle;
  /** The database's connection URL on PostgreSQL; undefined on PGlite (in memory). */
  url: string | undefined;
  sqlFromElsewhere: TestApp['sqlFromElsewhere'];
  /**
   * Opens the same database again, as another API process would; the caller closes it.
   * PGlite has no other process: there it answers the same database, and closing that
   * answer leaves it open.
   */
  openElsewhere(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}> {
  const target = inject('databaseTarget');
  if (target.driver === 'pglite') {
    const database = await takeEmbeddedDatabase(target.snapshotFile, options);
    const client = embeddedClientOf(database);
    return {
      database,
      url: undefined,
      sqlFromElsewhere: async (query, params) => {
        await client.query(query, params);
      },
      openElsewhere: async () => ({ ...database, close: async () => {} }),
      drop: () => database.close(),
    };
  }
  const name = await takePostgresDatabase(target.serverUrl, target.runPrefix);
  const url = databaseUrlFor(target.serverUrl, name);
  const database = await openPostgresDatabase(url, options);
  return {
    database,
    url,
    sqlFromElsewhere: async (query, params) => {
      const elsewhere = new pg.Client({ connectionString: url });
      await elsewhere.connect();
      try {
        await elsewhere.query(query, params);
      } finally {
        await elsewhere.end();
      }
    },
    openElsewhere: () => openPostgresDatabase(url),
    drop: async () => {
      await database.close();
      await giveBackPostgresDatabase(target.serverUrl, name);
    },
  };
}

/** Where the test app's pages are (its PUBLIC_URL): the origin of its browser-like writes. */
export const APP_ORIGIN = 'http://localhost:3000';

/**
 * Makes `app.inject` send what a browser sends: every write (POST, PUT, PATCH, DELETE) carries
 * the `Origin` of the page that made it, here the app's own, unless the test names another
 * origin, or none with `origin: undefined` (curl, a server-to-server call).
 */
function writeFromTheAppsPages(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (
    options: InjectOptions,
  ) => Promise<LightMyRequestResponse>;
  const browserInject = (options: InjectOptions | string) => {
    if (typeof options === 'string') return inject({ url: options });
    const headers: Record<string, string | string[] | number | undefined> = {
      ...options.headers,
    };
    const method = (options.method ?? 'GET').toUpperCase();
    if (!('origin' in headers) && method !== 'GET' && method !== 'HEAD') {
      headers.origin = APP_ORIGIN;
    }
    if (headers.origin === undefined) delete headers.origin;
    return inject({ ...options, headers: headers as InjectOptions['headers'] });
  };
  app.inject = browserInject as FastifyInstance['inject'];
}

export async function createTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDependencies, 'logStream' | 'onRoute'> & DatabaseOptions = {},
): Promise<TestApp> {
  const { database, url, sqlFromElsewhere, drop } = await openTestDatabase({
    logger: deps.logger,
  });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    DEMO_PHOTO_CACHE_DIR,
    // Kept, and shown beside a test that fails (test/app-error-log.ts).
    LOG_LEVEL: 'error',
    // Real sign-ups and logins hash at a sixteenth of the cost (ADR 41); password-hashing.test.ts
    // checks the standard cost.
    PASSWORD_HASH_COST: 'low',
    PUBLIC_URL: APP_ORIGIN,
    // Suites sign many accounts up from one address; sign-up limiting has its own tests.
    SIGNUP_MAX_PER_ADDRESS: '100000',
    // The database the app is given; settings that need a server (JOBS=separate) see it.
    ...(url ? { DATABASE_URL: url } : {}),
    ...env,
  });
  const routes: string[] = [];
  const app = await buildApp(config, {
    database,
    logStream: deps.logStream ?? appErrorLog,
    onRoute: (route) => {
      deps.onRoute?.(route);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
      }
    },
  });
  writeFromTheAppsPages(app);
  return {
    app,
    database,
    databaseUrl: url,
    sqlFromElsewhere,
    dataDir,
    routes,
    config,
    close: async () => {
      await app.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

let photoBytes: Promise<Buffer> | undefined;
/** A small real PNG, the kind of photo a person would upload. */
export function samplePhoto(): Promise<Buffer> {
  photoBytes ??= sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();
  return photoBytes;
}

export function signUpForm(
  fields: Record<string, string>,
  photo?: { bytes: Buffer; name: string; type: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (photo)
    form.append('photo', new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  return form;
}

export async function signUp(
  app: FastifyInstance,
  fields: { name: string; email: string; password: string; language?: string },
) {
  const bytes = await samplePhoto();
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: signUpForm(fields, { bytes, name: 'me.png', type: 'image/png' }),
  });
}

export async function logIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
  });
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('session_token'));
  if (!cookie)
    throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export type TestAccount = {
  id: string;
  email: string;
  password: string;
  cookie: string;
  role: Role;
};

/** The password of every account createAccount makes (each TestAccount carries it). */
const FIXTURE_PASSWORD = 'Passw0rd!x';

let counter = 0;

/** The fixture password's hash, made once per worker, at the test apps' low cost. */
let fixturePasswordHash: Promise<string> | undefined;
/** Per app, one stored profile photo that every fixture account shows. */
const fixturePhotoUrls = new WeakMap<TestApp, Promise<string>>();

function fixturePhotoUrl(t: TestApp): Promise<string> {
  let url = fixturePhotoUrls.get(t);
  if (!url) {
    url = (async () => {
      const media = await openMediaStorage(t.config.media);
      try {
        const photo = await samplePhoto();
        return (await storeImage(media.storage, 'profile-photos', photo, PROFILE_PHOTO_VARIANTS))
          .url;
      } finally {
        media.close();
      }
    })();
    fixturePhotoUrls.set(t, url);
  }
  return url;
}

/**
 * A signed-in account for a test. It is written as sign-up writes one (a user with a stored
 * profile photo, a credential account holding the password's hash) without
 * sign-up's per-account work: the photo is stored once per app and the hash made once per
 * worker. Through sign-up, the suite's 230-odd accounts cost about three minutes of its time
 * (two scrypt runs and a photo encoding each); sign-up itself is tested through its route
 * (accounts.test.ts). The session is better-auth's own, made without a password check.
 */
export async function createAccount(
  t: TestApp,
  role: Role = 'user',
  options: { fraud?: boolean; name?: string; google?: boolean } = {},
): Promise<TestAccount> {
  counter += 1;
  const email = `${role}-${counter}-${randomUUID().slice(0, 8)}@example.test`;
  const password = FIXTURE_PASSWORD;
  fixturePasswordHash ??= passwordHashing('low').hash(password);
  const [stored] = await t.database.db
    .insert(user)
    .values({
      name: options.name ?? `Test ${role} ${counter}`,
      email,
      image: await fixturePhotoUrl(t),
      role,
      fraud: options.fraud ?? false,
    })
    .returning({ id: user.id });
  if (!stored) throw new Error(`no account was stored for ${email}`);
  const { id } = stored;
  // `google`: an account made through Google, which has no password of its own.
  await t.database.db.insert(account).values(
    options.google
      ? { userId: id, accountId: `google-subject-${counter}`, providerId: GOOGLE_PROVIDER_ID }
      : {
          userId: id,
          accountId: id,
          providerId: 'credential',
          password: await fixturePasswordHash,
        },
  );
  return { id, email, password, cookie: await sessionCookieFor(t, id), role };
}

/** Per app, the better-auth instance fixture sessions are made with (the app's settings). */
const fixtureAuths = new WeakMap<TestApp, Auth>();

/**
 * A session cookie for the account, made as a login makes one (better-auth's session row,
 * its signed cookie) without checking the password: scrypt takes ~180 ms here, and the
 * suite's 280-odd fixture logins spent most of a minute of its CPU on it. Logging in itself
 * is tested through its route (accounts.test.ts, login-throttle.test.ts).
 */
async function sessionCookieFor(t: TestApp, userId: string): Promise<string> {
  let auth = fixtureAuths.get(t);
  if (!auth) {
    auth = createAuth(t.config, t.database.db);
    fixtureAuths.set(t, auth);
  }
  const context = await auth.$context;
  const { token } = await context.internalAdapter.createSession(userId);
  const signed = `${token}.${await makeSignature(token, context.secret)}`;
  return `${context.authCookies.sessionToken.name}=${signed}`;
}
