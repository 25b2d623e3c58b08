import fs from 'node:fs/promises';
import path from 'node:path';
import {
  emailMessages,
  passwordMessages,
  photoMessages,
  profilePhotoMessages,
  signUpMessages,
} from '@basha/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  createTestApp,
  logIn,
  samplePhoto,
  sessionCookieOf,
  signUp,
  signUpForm,
  type TestApp,
} from '../../../test/test-app.ts';
import { account, user } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const validPassword = 'Dhaka@2026';
let n = 0;
const freshEmail = () => `person${++n}@example.test`;

describe('sign up', () => {
  it('creates a user account with a resized WebP photo and no session', async () => {
    const email = freshEmail();
    const response = await signUp(t.app, { name: 'Rahim Uddin', email, password: validPassword });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: signUpMessages.received });
    expect(response.cookies.find((c) => c.name.endsWith('session_token'))).toBeUndefined();

    const cookie = sessionCookieOf(await logIn(t.app, email, validPassword));
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ name: 'Rahim Uddin', email });
    const { photoUrl } = me.json();
    expect(photoUrl).toMatch(/^\/media\/profile-photos\/[0-9a-f-]+-256\.webp$/);

    const photo = await t.app.inject({ method: 'GET', url: photoUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(photo.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 256, 256]);
    expect(metadata.exif).toBeUndefined();
  });

  it('stores a salted hash of the password at the configured cost, never the password', async () => {
    const email = freshEmail();
    await signUp(t.app, { name: 'Hashed', email, password: validPassword });
    const [stored] = await t.database.db
      .select({ password: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, email));
    // The test apps hash at the low cost (test/test-app.ts); production at the standard one.
    expect(t.config.passwordHashCost).toBe('low');
    expect(stored?.password).toMatch(/^scrypt-n1024:[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(stored?.password).not.toContain(validPassword);
  });

  it('gives new accounts the role user, whatever the client sends', async () => {
    const email = freshEmail();
    const form = signUpForm(
      { name: 'Sneaky', email, password: validPassword, role: 'admin', fraud: 'true' },
      { bytes: await samplePhoto(), name: 'a.png', type: 'image/png' },
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: form }))
        .statusCode,
    ).toBe(201);
    const cookie = sessionCookieOf(await logIn(t.app, email, validPassword));
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ email, role: 'user', fraud: false });
  });

  it("writes the account's emails in the language of the page it signed up on", async () => {
    const languageOf = async (email: string) => {
      const [row] = await t.database.db
        .select({ language: user.language })
        .from(user)
        .where(eq(user.email, email));
      return row?.language;
    };
    const bangla = freshEmail();
    const english = freshEmail();
    const sayNothing = freshEmail();
    const signUpIn = (email: string, language?: string) =>
      signUp(t.app, {
        name: 'Rina',
        email,
        password: validPassword,
        ...(language && { language }),
      });
    expect((await signUpIn(bangla, 'bn')).statusCode).toBe(201);
    expect((await signUpIn(english, 'en')).statusCode).toBe(201);
    expect((await signUpIn(sayNothing)).statusCode).toBe(201);
    expect([
      await languageOf(bangla),
      await languageOf(english),
      await languageOf(sayNothing),
    ]).toEqual(['bn', 'en', 'en']);

    const klingon = freshEmail();
    const refused = await signUpIn(klingon, 'tlh');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errors: [{ path: 'language', message: emailMessages.languageInvalid }],
    });
    expect(await languageOf(klingon)).toBeUndefined();
  });

  it.each([
    ['Ab1@', passwordMessages.tooShort],
    [`Ab1@${'x'.repeat(125)}`, passwordMessages.tooLong],
    ['12345678@', passwordMessages.letter],
    ['Password@', passwordMessages.digit],
    ['Password1', passwordMessages.special],
  ])('refuses the password %j with its exact rule', async (password, message) => {
    const email = freshEmail();
    const response = await signUp(t.app, { name: 'Someone', email, password });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({
      status: 400,
      detail: message,
      errors: [{ path: 'password', message }],
    });
    expect((await logIn(t.app, email, password)).statusCode).not.toBe(200);
  });

  it('accepts a password of exactly 8 and exactly 128 characters', async () => {
    for (const password of ['Abcde1@x', `Ab1@${'y'.repeat(124)}`]) {
      const response = await signUp(t.app, { name: 'Edge', email: freshEmail(), password });
      expect(response.statusCode, password).toBe(201);
    }
  });

  it('answers a duplicate (any case) exactly like a new sign-up, and changes nothing', async () => {
    const email = freshEmail();
    const fresh = await signUp(t.app, { name: 'First', email, password: validPassword });
    const before = await accountRowsOf(email);
    const mediaBefore = await countMediaFiles(t.dataDir);
    const again = await signUp(t.app, {
      name: 'Second',
      email: email.toUpperCase(),
      password: 'Other@2026x',
    });
    expect([again.statusCode, again.json()]).toEqual([fresh.statusCode, fresh.json()]);
    expect(again.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(again.cookies).toEqual([]);
    expect(await accountRowsOf(email)).toEqual(before);
    expect(await countMediaFiles(t.dataDir)).toBe(mediaBefore);
    // The account keeps its own password; the one sent with the duplicate opens nothing.
    expect((await logIn(t.app, email.toUpperCase(), validPassword)).statusCode).toBe(200);
    expect((await logIn(t.app, email, 'Other@2026x')).statusCode).toBe(401);
  });

  it('creates one account when three sign-ups with the same email race, answering all alike', async () => {
    const email = freshEmail();
    const results = await Promise.all(
      [1, 2, 3].map(() => signUp(t.app, { name: 'Racer', email, password: validPassword })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect((await accountRowsOf(email)).users).toHaveLength(1);
  });

  it('requires name, a valid email and the photo', async () => {
    const noPhoto = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: signUpForm({ name: 'No Photo', email: freshEmail(), password: validPassword }),
    });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().detail).toBe(profilePhotoMessages.required);

    const badEmail = await signUp(t.app, {
      name: 'X',
      email: 'not-an-email',
      password: validPassword,
    });
    expect(badEmail.json()).toMatchObject({
      status: 400,
      errors: [{ path: 'email', message: 'Enter a valid email address.' }],
    });

    const noName = await signUp(t.app, {
      name: '  ',
      email: freshEmail(),
      password: validPassword,
    });
    expect(noName.json().errors).toEqual([
      { path: 'name', message: 'Name is required.', messageCode: 'account.nameRequired' },
    ]);
  });

  it('refuses a JSON sign-up that would skip the photo', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Json', email: freshEmail(), password: validPassword },
    });
    expect(response.statusCode).toBe(415);
  });

  describe('bad photos get a clear 4xx and create nothing', () => {
    const cases: [string, () => Promise<Buffer>, number, string][] = [
      [
        'a text file renamed .png',
        async () => Buffer.from('just some text, not a picture'),
        415,
        photoMessages.notAnImage,
      ],
      ['an empty file', async () => Buffer.alloc(0), 400, 'The photo file is empty.'],
      ['a 20 MB file', async () => Buffer.alloc(20 * 1024 * 1024, 1), 413, photoMessages.tooLarge],
      [
        'a truncated JPEG',
        async () => {
          const jpeg = await sharp({
            create: { width: 400, height: 300, channels: 3, background: '#e76f51' },
          })
            .jpeg()
            .toBuffer();
          return jpeg.subarray(0, Math.floor(jpeg.length / 2));
        },
        400,
        photoMessages.unreadable,
      ],
    ];
    it.each(cases)('%s', async (_label, makeBytes, status, detail) => {
      const email = freshEmail();
      const before = await countMediaFiles(t.dataDir);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: signUpForm(
          { name: 'Photo Tester', email, password: validPassword },
          { bytes: await makeBytes(), name: 'photo.png', type: 'image/png' },
        ),
      });
      expect(response.statusCode).toBe(status);
      expect(response.json().detail).toBe(detail);
      expect((await logIn(t.app, email, validPassword)).statusCode).toBe(401);
      expect(await countMediaFiles(t.dataDir)).toBe(before);
    });
  });
});

describe('sign-up limiting (ADR 0011)', () => {
  const signUpFrom = async (
    app: TestApp['app'],
    email: string,
    client: { remoteAddress?: string; forwardedFor?: string },
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: client.remoteAddress,
      headers: client.forwardedFor ? { 'x-forwarded-for': client.forwardedFor } : {},
      payload: signUpForm(
        { name: 'Many', email, password: validPassword },
        { bytes: await samplePhoto(), name: 'me.png', type: 'image/png' },
      ),
    });

  it('limits sign-ups per address (429 + Retry-After) and creates nothing past the limit', async () => {
    const limited = await createTestApp({ SIGNUP_MAX_PER_ADDRESS: '3' });
    onTestFinished(() => limited.close());
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await signUpFrom(limited.app, freshEmail(), { remoteAddress: '198.51.100.30' }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 201]);
    const email = freshEmail();
    const refused = await signUpFrom(limited.app, email, { remoteAddress: '198.51.100.30' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.json()).toMatchObject({ status: 429, detail: signUpMessages.tooMany });
    expect((await logIn(limited.app, email, validPassword)).statusCode).toBe(401);
    // Another address is not held back.
    expect(
      (await signUpFrom(limited.app, email, { remoteAddress: '203.0.113.30' })).statusCode,
    ).toBe(201);
    expect((await logIn(limited.app, email, validPassword)).statusCode).toBe(200);
  });

  it('counts clients behind a trusted proxy apart by X-Forwarded-For', async () => {
    const proxied = await createTestApp({ SIGNUP_MAX_PER_ADDRESS: '1', TRUST_PROXY: '1' });
    onTestFinished(() => proxied.close());
    const viaProxy = (client: string) =>
      signUpFrom(proxied.app, freshEmail(), { remoteAddress: '10.0.0.2', forwardedFor: client });
    expect((await viaProxy('198.51.100.31')).statusCode).toBe(201);
    expect((await viaProxy('198.51.100.31')).statusCode).toBe(429);
    expect((await viaProxy('203.0.113.31')).statusCode).toBe(201);
  });
});

describe('log in, session, log out', () => {
  it('logs in with an httpOnly SameSite=Lax cookie, reports the session, and logs out server-side', async () => {
    const email = freshEmail();
    await signUp(t.app, { name: 'Karim', email, password: validPassword });
    const login = await logIn(t.app, email, validPassword);
    expect(login.statusCode).toBe(200);
    const sessionCookie = login.cookies.find((c) => c.name.endsWith('session_token'));
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sessionCookie?.secure).toBeFalsy();
    const cookie = sessionCookieOf(login);

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(session.json().user).toMatchObject({ email, role: 'user' });

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(Object.keys(me.json()).sort()).toEqual([
      'createdAt',
      'email',
      'fraud',
      'id',
      'name',
      'photoUrl',
      'role',
    ]);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    expect(logout.statusCode).toBe(200);
    // The old cookie is useless even if a client keeps sending it.
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('says "Incorrect email or password." for a wrong password or unknown email', async () => {
    const email = freshEmail();
    await signUp(t.app, { name: 'Wrong', email, password: validPassword });
    for (const attempt of [
      logIn(t.app, email, 'Nope@1234'),
      logIn(t.app, freshEmail(), validPassword),
    ]) {
      const response = await attempt;
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        status: 401,
        detail: 'Incorrect email or password.',
      });
    }
  });

  it('sets Secure cookies when the public URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://basha.example' });
    onTestFinished(() => secure.close());
    {
      const email = freshEmail();
      await signUp(secure.app, { name: 'Secure', email, password: validPassword });
      const login = await logIn(secure.app, email, validPassword);
      expect(login.cookies.find((c) => c.name.endsWith('session_token'))?.secure).toBe(true);
    }
  });
});

async function countMediaFiles(dataDir: string): Promise<number> {
  const dir = path.join(dataDir, 'media', 'profile-photos');
  return (await fs.readdir(dir).catch(() => [])).length;
}

/** Everything stored about an email's account: its user row and its password account row. */
async function accountRowsOf(email: string) {
  const db = t.database.db;
  const users = await db
    .select()
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  const accounts = await db
    .select()
    .from(account)
    .where(
      inArray(
        account.userId,
        users.map((row) => row.id),
      ),
    );
  return { users, accounts };
}
