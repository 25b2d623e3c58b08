import fs from 'node:fs/promises';
import path from 'node:path';
import {
  accessMessages,
  englishMessages,
  idMessages,
  listingMessages,
  MESSAGE_CODES,
  type Problem,
  signInMessages,
} from '@basha/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, logIn, type TestApp } from '../../test/test-app.ts';
import { problem } from './problem-details.ts';

const ORIGIN = 'http://localhost:3000';
const knownCodes = new Set<string>(MESSAGE_CODES);

/** Every message code a problem carries, its own and its fields'. */
function codesOf(body: Problem): string[] {
  return [body.messageCode, ...(body.errors ?? []).map((error) => error.messageCode)].filter(
    (code): code is string => code !== undefined,
  );
}

describe('problem()', () => {
  it("gives a domain message its code beside the English, and each field's too", () => {
    expect(
      problem(400, 'VALIDATION_FAILED', listingMessages.titleRequired, [
        { path: 'title', message: listingMessages.titleRequired },
      ]),
    ).toMatchObject({
      detail: 'Title is required.',
      messageCode: 'listing.titleRequired',
      errors: [
        { path: 'title', message: 'Title is required.', messageCode: 'listing.titleRequired' },
      ],
    });
  });

  it('fills a template in and sends its params', () => {
    const body = problem(404, 'NOT_FOUND', englishMessages['service.noRoute'], undefined, {
      method: 'GET',
      path: '/nowhere',
    });
    expect(body).toMatchObject({
      detail: 'No route for GET /nowhere.',
      messageCode: 'service.noRoute',
      params: { method: 'GET', path: '/nowhere' },
    });
  });

  it("sends a text of no message object without a code (zod's own English)", () => {
    const body = problem(400, 'VALIDATION_FAILED', 'Invalid input', [
      { path: 'x', message: 'Invalid input' },
    ]);
    expect(body.messageCode).toBeUndefined();
    expect(body.errors?.[0]?.messageCode).toBeUndefined();
  });
});

describe('the API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('with message codes the domain declares, for its own refusals, zod fields and better-auth', async () => {
    const agent = await createAccount(t, 'agent');
    const user = await createAccount(t, 'user');
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/v1/nowhere' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/me' }),
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/users',
        headers: { cookie: user.cookie },
      }),
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/listings/not-an-id',
        headers: { cookie: user.cookie },
      }),
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/listings/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
        headers: { cookie: user.cookie },
      }),
      await logIn(t.app, agent.email, 'Wrong-password-1!'),
      // better-auth's own refusal of an email the form would have caught.
      await logIn(t.app, 'not-an-email', 'Wrong-password-1!'),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/listings/not-an-id/reviews',
        headers: { origin: ORIGIN, cookie: user.cookie },
        payload: { rating: 9, text: '' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/wishlist',
        headers: { origin: 'https://elsewhere.example', cookie: user.cookie },
        payload: {},
      }),
    ];
    const bodies = answers.map((answer) => answer.json() as Problem);
    for (const body of bodies) {
      expect(body.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(codesOf(body).length, JSON.stringify(body)).toBeGreaterThan(0);
      for (const code of codesOf(body)) expect(knownCodes, code).toContain(code);
    }
    expect(bodies.map((body) => body.messageCode)).toEqual(
      expect.arrayContaining([
        'service.noRoute',
        'access.logIn',
        'access.notAllowed',
        'id.unknownListing',
        'listing.notFound',
        'signIn.incorrect',
        'account.emailInvalid',
        'access.crossSite',
      ]),
    );
    expect(bodies[1]?.detail).toBe(accessMessages.logIn);
    expect(bodies[3]?.errors?.[0]).toMatchObject({ message: idMessages.unknownListing });
    expect(bodies[5]?.detail).toBe(signInMessages.incorrect);
  });
});

describe('messages the API declares', () => {
  it("are the domain's message texts: no service writes a sentence of its own", async () => {
    const root = path.resolve(import.meta.dirname, '..');
    const files = (await fs.readdir(root, { recursive: true })).filter(
      (file) =>
        file.endsWith('.ts') &&
        !file.endsWith('.test.ts') &&
        !file.includes('test-kit') &&
        !file.includes('fake-'),
    );
    const literalMessage =
      /new AppError\(\s*'[A-Z_]+',\s*['"`]|message:\s*['"`][A-Z][^'"`]*[.!]['"`]\s*}/g;
    const offenders: string[] = [];
    for (const file of files) {
      const source = await fs.readFile(path.join(root, file), 'utf8');
      for (const match of source.matchAll(literalMessage)) offenders.push(`${file}: ${match[0]}`);
    }
    expect(offenders).toEqual([]);
  });
});
