import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ListingFieldsSchema,
  listingMessages,
  MAX_UPLOAD_BYTES,
  MESSAGE_CODES,
  multipartMessages,
  type Problem,
  photoMessages,
  SignUpFieldsSchema,
  textMessages,
} from '@basha/domain';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { MAX_MULTIPART_FIELDS } from '../src/http/multipart-form.ts';
import { databaseFingerprint } from './database-fingerprint.ts';
import { createListing } from './factories.ts';
import { FAKE_BKASH_CREDENTIALS, type FakeBkash, startFakeBkash } from './fake-bkash-server.ts';
import {
  FAKE_SSLCOMMERZ_STORE,
  type FakeSslcommerz,
  startFakeSslcommerz,
} from './fake-sslcommerz-server.ts';
import { dueJobsRan } from './jobs-settled.ts';
import { validFacts } from './listing-test-kit.ts';
import {
  createAccount,
  createTestApp,
  samplePhoto,
  type TestAccount,
  type TestApp,
} from './test-app.ts';

/**
 * Property-based: random and malformed params, query strings and bodies thrown at every
 * /api/v1 route, broken multipart bodies thrown at every multipart route, and text that
 * PostgreSQL cannot store put in every string field and query parameter never produce a
 * 5xx, and a refused request never leaves a partial write.
 */
let t: TestApp;
let callers: TestAccount[];
let routes: { method: string; path: string }[];
let realIds: string[];
/** The app's own origin: writes from a browser carry it. */
const ORIGIN = 'http://localhost:3000';
type Spec = { paths: Record<string, Record<string, Operation>> };
type JsonSchema = { type?: string; format?: string; enum?: unknown[]; pattern?: string };
type Operation = {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: {
    content: Record<string, { schema?: { properties?: Record<string, JsonSchema> } }>;
  };
};
let spec: Spec;
/**
 * Accounts and a listing the random requests above never see (their ids are not in
 * `realIds`), so no earlier run has deleted them or marked the agent as fraud.
 */
let steady: { user: TestAccount; agent: TestAccount; admin: TestAccount; listingId: string };

let sslcommerz: FakeSslcommerz;
let bkash: FakeBkash;

beforeAll(async () => {
  // Every payment rail on, so the routes only an operator's choice registers (the gateways'
  // callbacks, held-payment decisions) are fuzzed with the rest.
  sslcommerz = await startFakeSslcommerz({ sendIpn: false });
  bkash = await startFakeBkash();
  t = await createTestApp({
    PAYMENT_PROVIDERS: 'sandbox,sslcommerz,bkash',
    SSLCOMMERZ_STORE_ID: FAKE_SSLCOMMERZ_STORE.id,
    SSLCOMMERZ_STORE_PASSWORD: FAKE_SSLCOMMERZ_STORE.password,
    SSLCOMMERZ_API_BASE: sslcommerz.url,
    BKASH_APP_KEY: FAKE_BKASH_CREDENTIALS.appKey,
    BKASH_APP_SECRET: FAKE_BKASH_CREDENTIALS.appSecret,
    BKASH_USERNAME: FAKE_BKASH_CREDENTIALS.username,
    BKASH_PASSWORD: FAKE_BKASH_CREDENTIALS.password,
    BKASH_API_BASE: bkash.url,
  });
  const agent = await createAccount(t, 'agent');
  callers = [await createAccount(t, 'user'), agent, await createAccount(t, 'admin')];
  realIds = [
    await createListing(t, agent),
    await createListing(t, agent, { status: 'pending' }),
    ...callers.map((c) => c.id),
    // A thread between the first two callers, so conversation routes are fuzzed past 404.
    await conversationBetween(callers),
  ];
  const steadyAgent = await createAccount(t, 'agent');
  steady = {
    user: await createAccount(t, 'user'),
    agent: steadyAgent,
    admin: await createAccount(t, 'admin'),
    listingId: await createListing(t, steadyAgent),
  };
  // The fingerprint must see the data, or "nothing was written" would prove nothing.
  expect((await databaseFingerprint(t)).replaceAll(',', '')).not.toBe('');
  spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  routes = Object.entries(spec.paths as Record<string, Record<string, unknown>>)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => m !== 'head')
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
});
afterAll(async () => {
  await t.close();
  await sslcommerz.close();
  await bkash.close();
});

async function conversationBetween([buyer, agent]: TestAccount[]): Promise<string> {
  const listingId = await createListing(t, agent as TestAccount);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    headers: { cookie: (buyer as TestAccount).cookie, origin: ORIGIN },
    payload: { listingId },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const FIELD_NAMES = [
  'role',
  'listingId',
  'amount',
  'deadline',
  'rating',
  'text',
  'reason',
  'phone',
  'q',
  'cursor',
  'limit',
  'location',
  'minPrice',
  'maxPrice',
  'sort',
  'status',
  'title',
  'priceMin',
  'priceMax',
  'id',
  '__proto__',
];

const nastyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1e308',
    'NaN',
    '2026-02-30',
    '9999-12-31',
    "' or 1=1 --",
    '%',
    '\\',
    'admin',
    'agent',
    'user',
  ),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);

const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), nastyValue, { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Each test here walks every route of the app: 15 s on a loaded 2-core machine, and growing. */
const WALKS_EVERY_ROUTE_MS = 120_000;

describe('malformed input', { timeout: WALKS_EVERY_ROUTE_MS }, () => {
  it('never answers 5xx and never writes when it refuses', async () => {
    const request = fc.record({
      routeIndex: fc.nat(),
      callerIndex: fc.nat(),
      idParam: fc.oneof(
        fc.uuid(),
        fc.string({ maxLength: 20 }),
        fc.constantFrom('', '..', '%00', 'null'),
      ),
      useRealId: fc.boolean(),
      realIdIndex: fc.nat(),
      query: fc.dictionary(fc.constantFrom(...FIELD_NAMES), nastyValue.map(String), { maxKeys: 4 }),
      body,
    });

    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const route = routes[r.routeIndex % routes.length] as { method: string; path: string };
        const caller = callers[r.callerIndex % callers.length] as TestAccount;
        const id = r.useRealId ? (realIds[r.realIdIndex % realIds.length] as string) : r.idParam;
        const path = route.path.replace('{id}', encodeURIComponent(id));
        const query = new URLSearchParams(r.query).toString();
        // What an earlier request set going in the background (emails, saved-search matches)
        // finishes first, so only this request's writes can change the fingerprint.
        await dueJobsRan(t);
        const before = await databaseFingerprint(t);
        const response = await injectAnswer({
          method: route.method as 'GET',
          url: query ? `${path}?${query}` : path,
          headers: { cookie: caller.cookie, origin: ORIGIN },
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : { payload: r.body as object }),
        });
        expect(response.statusCode, `${route.method} ${path} → ${response.body}`).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(response.headers['content-type']).toContain('application/problem+json');
          expectKnownMessageCodes(response, `${route.method} ${path}`);
          expect(await databaseFingerprint(t), `${route.method} ${path} refused but wrote`).toBe(
            before,
          );
        }
      }),
      { numRuns: 400 },
    );
  });
});

// ── Shared helpers ──────────────────────────────────────────────────────────────────────

/** The live event stream never ends by itself: its answer is read as its headers arrive. */
const EVENT_STREAM = '/api/v1/me/events';

/**
 * `app.inject`, except that an event stream that opened is cut once its status is known,
 * and a refused one is read whole like any other answer.
 */
async function injectAnswer(options: InjectOptions): Promise<LightMyRequestResponse> {
  if (!String(options.url).startsWith(EVENT_STREAM)) return t.app.inject(options);
  const streamed = await t.app.inject({ ...options, payloadAsStream: true });
  const stream = streamed.stream();
  if (streamed.statusCode < 400) {
    stream.destroy();
    return streamed;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  const body = Buffer.concat(chunks).toString('utf8');
  return Object.assign(Object.create(streamed), { body, json: () => JSON.parse(body) });
}

/** Files under the app's media folder: an upload that was refused must not leave one. */
async function mediaFileCount(): Promise<number> {
  const entries = await fs.readdir(path.join(t.dataDir, 'media'), { recursive: true });
  return entries.length;
}

/** Everything a refused request must leave as it was: rows and stored files. */
async function everythingWritten(): Promise<string> {
  return `${await databaseFingerprint(t)}|${await mediaFileCount()}`;
}

function expectClientProblem(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${what} → ${response.body}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${what} → ${response.body}`).toBeLessThan(500);
  expect(response.headers['content-type'], what).toContain('application/problem+json');
  expect(response.body, what).not.toMatch(/\bat .+:\d+:\d+/);
  expectKnownMessageCodes(response, what);
}

/** A problem's message codes, its own and its fields', are codes the domain declares. */
function expectKnownMessageCodes(response: LightMyRequestResponse, what: string): void {
  const body = response.json() as Problem;
  const codes = [body.messageCode, ...(body.errors ?? []).map((error) => error.messageCode)];
  for (const code of codes) if (code !== undefined) expect(MESSAGE_CODES, what).toContain(code);
}

/**
 * Bytes as a client may send them: UTF-8, except that half of a surrogate pair goes out as
 * the three bytes it would have alone (WTF-8), which no UTF-8 decoder accepts.
 */
function wireBytes(value: string): Buffer {
  const bytes: number[] = [];
  for (const char of value) {
    const code = char.codePointAt(0) as number;
    if (code >= 0xd800 && code <= 0xdfff) {
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function percentEncoded(value: string): string {
  return [...wireBytes(value)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string };

/** A multipart/form-data body, built byte by byte so a test can break it anywhere. */
function multipartBody(boundary: string, parts: Part[], closed = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'file' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: image/png`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('file' in part ? part.file : wireBytes(part.value), Buffer.from('\r\n'));
  }
  if (closed) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

// ── Multipart routes ────────────────────────────────────────────────────────────────────

/**
 * The text fields of every multipart form, from the domain schema its route validates with.
 * A test below finds the multipart routes in the running app and requires each to be here,
 * so a new multipart route is covered as soon as it exists.
 */
const MULTIPART_FORMS: Record<
  string,
  { fields: Record<string, JsonSchema>; fileTooLarge: string }
> = {
  'POST /api/auth/sign-up/email': {
    fields: formFields(SignUpFieldsSchema),
    fileTooLarge: photoMessages.tooLarge,
  },
  'POST /api/v1/listings': {
    fields: formFields(ListingFieldsSchema),
    fileTooLarge: listingMessages.photoTooLarge,
  },
  'PUT /api/v1/listings/{id}': {
    fields: formFields(ListingFieldsSchema),
    fileTooLarge: listingMessages.photoTooLarge,
  },
  // One gallery photo (ADR 31): the file alone, with the listing photo's limit message.
  'POST /api/v1/listing-photos': { fields: {}, fileTooLarge: listingMessages.photoTooLarge },
};

/** A form schema's fields as JSON Schema (a number read from text shows as no type). */
function formFields(schema: z.ZodMiniObject): Record<string, JsonSchema> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties: Record<string, JsonSchema>;
  };
  return json.properties;
}

type MultipartRoute = { key: string; url: string; caller: TestAccount | null };
let multipartRoutes: MultipartRoute[];

/**
 * A route reads multipart when it refuses a JSON body as the wrong media type (the one
 * multipart reader's 415); the caller that got that far is one it lets in. Ids are random,
 * so a route that acts without a body finds nothing and changes nothing.
 */
async function findMultipartRoutes(): Promise<MultipartRoute[]> {
  const found: MultipartRoute[] = [];
  for (const [route, methods] of Object.entries(spec.paths)) {
    for (const method of Object.keys(methods).filter((m) => ['post', 'put', 'patch'].includes(m))) {
      const url = route.replace(/\{\w+\}/g, randomUUID());
      for (const caller of [null, steady.user, steady.agent, steady.admin]) {
        const response = await t.app.inject({
          method: method.toUpperCase() as 'POST',
          url,
          headers: { origin: ORIGIN, ...(caller ? { cookie: caller.cookie } : {}) },
          payload: {},
        });
        if (response.statusCode === 415 && response.json().code === 'UNSUPPORTED_MEDIA_TYPE') {
          found.push({ key: `${method.toUpperCase()} ${route}`, url, caller });
          break;
        }
      }
    }
  }
  return found;
}

let photo: Buffer;
/** One file just over the limit, shared by every run that sends it. */
const oversizedFile = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 7);

type Broken = {
  kind: string;
  contentType: string;
  body: Buffer;
  /** What the answer must be: its status, and its detail when it is certain. */
  status: number | number[];
  detail?: (form: { fileTooLarge: string }) => string;
};

const boundaryText = fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,40}$/);

/** Well-formed text fields and a photo, as a browser would send them. */
function wellFormedParts(fields: string[], values: Record<string, string>): Part[] {
  return [
    ...fields.map((name) => ({ name, value: values[name] ?? 'x' })),
    { name: 'photo', file: photo, filename: 'home.png' },
  ];
}

/** Every kind of damage a body can have, each a generator of such bodies. */
function brokenBodies(fieldNames: string[]): Record<string, fc.Arbitrary<Broken>> {
  // A form of a file alone still meets text parts: the one reader refuses them the same way.
  const fields = fieldNames.length > 0 ? fieldNames : ['note'];
  const values = fc.dictionary(fc.constantFrom(...fields), fc.string({ maxLength: 30 }));
  const form = fc.record({ boundary: boundaryText, values });
  const malformed = (kind: string, contentType: string, body: Buffer): Broken => ({
    kind,
    contentType,
    body,
    status: 400,
    detail: () => multipartMessages.malformed,
  });
  return {
    'no boundary': form.map(({ boundary, values }) =>
      malformed(
        'no boundary',
        'multipart/form-data',
        multipartBody(boundary, wellFormedParts(fields, values)),
      ),
    ),
    'wrong boundary': fc
      .record({ header: boundaryText, body: boundaryText, values })
      .filter(({ header, body }) => !`--${body}`.includes(`--${header}`))
      .map(({ header, body, values }) =>
        malformed(
          'wrong boundary',
          `multipart/form-data; boundary=${header}`,
          multipartBody(body, wellFormedParts(fields, values)),
        ),
      ),
    truncated: fc
      .record({ boundary: boundaryText, values, cut: fc.nat() })
      .map(({ boundary, values, cut }) => {
        const body = multipartBody(boundary, wellFormedParts(fields, values), false);
        // Cut anywhere after the first delimiter's line: the form has begun and never ends.
        const start = `--${boundary}\r\n`.length;
        const end = start + (cut % (body.length - start));
        return malformed(
          'truncated',
          `multipart/form-data; boundary=${boundary}`,
          body.subarray(0, end),
        );
      }),
    unclosed: form.map(({ boundary, values }) =>
      malformed(
        'unclosed',
        `multipart/form-data; boundary=${boundary}`,
        multipartBody(boundary, wellFormedParts(fields, values), false),
      ),
    ),
    garbage: fc
      .record({ boundary: boundaryText, bytes: fc.uint8Array({ minLength: 1, maxLength: 300 }) })
      .map(({ boundary, bytes }) =>
        malformed('garbage', `multipart/form-data; boundary=${boundary}`, Buffer.from(bytes)),
      ),
    'too many fields': fc
      .record({
        boundary: boundaryText,
        extra: fc.integer({ min: MAX_MULTIPART_FIELDS + 1, max: MAX_MULTIPART_FIELDS + 30 }),
      })
      .map(({ boundary, extra }) => ({
        kind: 'too many fields',
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: multipartBody(
          boundary,
          Array.from({ length: extra }, (_, i) => ({ name: `field${i}`, value: 'x' })),
        ),
        status: 413,
        detail: () => multipartMessages.tooManyParts,
      })),
    'two files': boundaryText.map((boundary) => ({
      kind: 'two files',
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: multipartBody(boundary, [
        { name: 'photo', file: photo, filename: 'a.png' },
        { name: 'photo', file: photo, filename: 'b.png' },
      ]),
      status: 413,
      detail: () => multipartMessages.tooManyParts,
    })),
    'oversized field': fc
      .record({ boundary: boundaryText, name: fc.constantFrom(...fields) })
      .map(({ boundary, name }) => ({
        kind: 'oversized field',
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: multipartBody(boundary, [{ name, value: 'ক'.repeat(12_000) }]),
        status: 400,
        detail: () => multipartMessages.fieldTooLong,
      })),
    'oversized file': boundaryText.map((boundary) => ({
      kind: 'oversized file',
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: multipartBody(boundary, [{ name: 'photo', file: oversizedFile, filename: 'big.png' }]),
      status: 413,
      detail: (form: { fileTooLarge: string }) => form.fileTooLarge,
    })),
    'wrong content type': fc
      .record({
        boundary: boundaryText,
        type: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/mixed',
          'image/png',
        ),
      })
      .map(({ boundary, type }) => ({
        kind: 'wrong content type',
        contentType: type === 'multipart/mixed' ? `${type}; boundary=${boundary}` : type,
        body: multipartBody(boundary, wellFormedParts(fields, {})),
        // Declared JSON, the body is refused as JSON before any route reads it.
        status: type === 'application/json' ? 400 : 415,
      })),
  };
}

describe('malformed multipart bodies', { timeout: WALKS_EVERY_ROUTE_MS }, () => {
  beforeAll(async () => {
    photo = await samplePhoto();
    multipartRoutes = await findMultipartRoutes();
  });

  it('are tried on every multipart route of the app', () => {
    expect(multipartRoutes.map((route) => route.key).sort()).toEqual(
      Object.keys(MULTIPART_FORMS).sort(),
    );
  });

  it('get 4xx problem details with a clear message, and nothing is written', async () => {
    for (const route of multipartRoutes) {
      const form = MULTIPART_FORMS[route.key] as (typeof MULTIPART_FORMS)[string];
      for (const [kind, bodies] of Object.entries(brokenBodies(Object.keys(form.fields)))) {
        await fc.assert(
          fc.asyncProperty(bodies, async (broken) => {
            expect(broken.kind).toBe(kind);
            const what = `${route.key} with a body that is ${broken.kind}`;
            const before = await everythingWritten();
            const response = await t.app.inject({
              method: route.key.split(' ')[0] as 'POST',
              url: route.url,
              headers: {
                origin: ORIGIN,
                'content-type': broken.contentType,
                ...(route.caller ? { cookie: route.caller.cookie } : {}),
              },
              payload: broken.body,
            });
            expectClientProblem(response, what);
            expect([broken.status].flat(), `${what} → ${response.body}`).toContain(
              response.statusCode,
            );
            if (broken.detail) expect(response.json().detail, what).toBe(broken.detail(form));
            expect(await everythingWritten(), `${what} wrote`).toBe(before);
          }),
          { numRuns: 6 },
        );
      }
    }
  });

  it('are told apart from a well-formed form, which the same routes accept', async () => {
    const agent = steady.agent;
    const listing = {
      title: 'Flat',
      location: 'Gulshan',
      description: 'Bright',
      priceMin: '5000',
      priceMax: '5100',
      ...validFacts,
      // Every optional fact too: the walk fills a field it has no value for with "x".
      sizeUnit: 'sqft',
      floor: '3',
      totalFloors: '8',
      facing: 'south',
      handoverMonth: '',
      furnishing: 'furnished',
      amenities: 'lift',
    };
    const requests = {
      'POST /api/auth/sign-up/email': {
        url: '/api/auth/sign-up/email',
        values: {
          name: 'Nadia',
          email: `nadia-${randomUUID()}@example.test`,
          password: 'Passw0rd!x',
          language: 'bn',
        },
        cookie: undefined,
      },
      'POST /api/v1/listings': { url: '/api/v1/listings', values: listing, cookie: agent.cookie },
      'PUT /api/v1/listings/{id}': {
        url: `/api/v1/listings/${steady.listingId}`,
        values: listing,
        cookie: agent.cookie,
      },
      'POST /api/v1/listing-photos': {
        url: '/api/v1/listing-photos',
        values: {},
        cookie: agent.cookie,
      },
    };
    for (const route of multipartRoutes) {
      const request = requests[route.key as keyof typeof requests];
      const form = MULTIPART_FORMS[route.key] as (typeof MULTIPART_FORMS)[string];
      const response = await t.app.inject({
        method: route.key.split(' ')[0] as 'POST',
        url: request.url,
        headers: {
          origin: ORIGIN,
          'content-type': 'multipart/form-data; boundary=b0undary',
          ...(request.cookie ? { cookie: request.cookie } : {}),
        },
        payload: multipartBody(
          'b0undary',
          wellFormedParts(Object.keys(form.fields), request.values),
        ),
      });
      expect(response.statusCode, `${route.key} → ${response.body}`).toBeLessThan(300);
    }
  });
});

// ── Text PostgreSQL cannot store ────────────────────────────────────────────────────────

/** A string with a NUL or half a surrogate pair somewhere in it. */
const unstorableText = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF'),
    fc.string({ maxLength: 12 }),
  )
  .map(([before, bad, after]) => before + bad + after);

type TextTarget = {
  method: string;
  route: string;
  where: 'path' | 'query' | 'json' | 'multipart';
  field: string;
  /** No format, pattern or enum: only the text rule can refuse it. */
  freeText: boolean;
};

/**
 * better-auth's endpoints that Basha serves, with their input fields: hidden from the
 * OpenAPI document, they have no schema of ours, and the text rule applies to them whole.
 */
const AUTH_INPUTS: Record<string, string[]> = {
  'POST /api/auth/sign-in/email': ['email', 'password'],
  'POST /api/auth/sign-in/social': ['provider', 'callbackURL'],
  'POST /api/auth/revoke-session': ['token'],
  'GET /api/auth/get-session': ['disableCookieCache'],
  'GET /api/auth/callback/google': ['code', 'state'],
};

function isFreeText(schema: JsonSchema): boolean {
  return !(schema.format || schema.pattern || schema.enum);
}

/** Every string field and parameter of every route, read from the app's OpenAPI document. */
function textTargets(): TextTarget[] {
  const targets: TextTarget[] = [];
  for (const [route, methods] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (method === 'head') continue;
      const m = method.toUpperCase();
      for (const parameter of operation.parameters ?? []) {
        if (parameter.schema.type !== 'string') continue;
        targets.push({
          method: m,
          route,
          where: parameter.in === 'path' ? 'path' : 'query',
          field: parameter.name,
          freeText: isFreeText(parameter.schema),
        });
      }
      const body = operation.requestBody?.content['application/json']?.schema?.properties ?? {};
      for (const [field, schema] of Object.entries(body)) {
        if (schema.type !== 'string') continue;
        targets.push({ method: m, route, where: 'json', field, freeText: isFreeText(schema) });
      }
    }
  }
  for (const [key, fields] of Object.entries(AUTH_INPUTS)) {
    const [method, route] = key.split(' ') as [string, string];
    const where = method === 'GET' ? 'query' : 'json';
    for (const field of fields) targets.push({ method, route, where, field, freeText: true });
  }
  for (const [key, form] of Object.entries(MULTIPART_FORMS)) {
    const [method, route] = key.split(' ') as [string, string];
    for (const [field, schema] of Object.entries(form.fields)) {
      const freeText = schema.type === 'string' && isFreeText(schema);
      targets.push({ method, route, where: 'multipart', field, freeText });
    }
  }
  return targets;
}

/** Another path parameter than the one under test: a value its schema takes (an id, else its first choice). */
function validPathValue(target: TextTarget, name: string): string {
  const operation = spec.paths[target.route]?.[target.method.toLowerCase()];
  const choices = operation?.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema
    .enum;
  return choices?.length ? String(choices[0]) : randomUUID();
}

function requestFor(target: TextTarget, value: string, caller: TestAccount | null) {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (caller) headers.cookie = caller.cookie;
  let url = target.route.replace(/\{(\w+)\}/g, (_, name) =>
    target.where === 'path' && name === target.field
      ? percentEncoded(value)
      : validPathValue(target, name),
  );
  if (target.where === 'query') url += `?${target.field}=${percentEncoded(value)}`;
  let payload: string | Buffer | undefined;
  if (target.where === 'json') {
    headers['content-type'] = 'application/json';
    // JSON.stringify writes a lone surrogate as its \ud800 escape, as a hostile client would.
    payload = JSON.stringify({ [target.field]: value });
  } else if (target.where === 'multipart') {
    headers['content-type'] = 'multipart/form-data; boundary=b0undary';
    payload = multipartBody('b0undary', [{ name: target.field, value }]);
  }
  return { method: target.method as 'POST', url, headers, ...(payload ? { payload } : {}) };
}

describe('text PostgreSQL cannot store', { timeout: WALKS_EVERY_ROUTE_MS }, () => {
  it('is refused with 400 in every string field and query parameter, and nothing is written', async () => {
    const targets = textTargets();
    // The issue's own cases must be among them, or the walk found nothing.
    expect(targets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ route: '/api/v1/listings', where: 'query', field: 'location' }),
        expect.objectContaining({ route: '/api/v1/users', where: 'query', field: 'q' }),
        expect.objectContaining({ where: 'json', field: 'text' }),
        expect.objectContaining({ where: 'multipart', field: 'name' }),
      ]),
    );
    for (const target of targets) {
      const what = `${target.method} ${target.route} ${target.where} ${target.field}`;
      await fc.assert(
        fc.asyncProperty(unstorableText, async (value) => {
          const before = await everythingWritten();
          const answers: LightMyRequestResponse[] = [];
          // Whoever the route lets in gets as far as its schema.
          // Only JSON carries a lone surrogate as one: in a URL or a form its bytes are not
          // UTF-8, and the parsers read them as U+FFFD, which is storable.
          const arrives = value.includes('\u0000') || target.where === 'json';
          for (const caller of [null, steady.user, steady.agent, steady.admin]) {
            const response = await t.app.inject(requestFor(target, value, caller));
            const label = `${what} = ${JSON.stringify(value)}`;
            if (arrives) expectClientProblem(response, label);
            else expect(response.statusCode, `${label} → ${response.body}`).toBeLessThan(500);
            answers.push(response);
          }
          expect(await everythingWritten(), `${what} wrote`).toBe(before);
          if (!arrives) return;
          const refusals = answers
            .filter((response) => response.statusCode === 400)
            .flatMap(
              (response) => (response.json().errors ?? []) as { path: string; message: string }[],
            )
            .filter((error) => error.path === target.field || target.where === 'path');
          expect(refusals, `${what} = ${JSON.stringify(value)}`).not.toEqual([]);
          if (target.freeText) {
            expect(
              refusals.map((error) => error.message),
              `${what} = ${JSON.stringify(value)}`,
            ).toContain(textMessages.unstorable);
          }
        }),
        { numRuns: 3 },
      );
    }
  });
});
