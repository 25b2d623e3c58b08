import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFingerprint } from './database-fingerprint.ts';
import { createListing } from './factories.ts';
import { createAccount, createTestApp, type TestAccount, type TestApp } from './test-app.ts';

/**
 * Property-based: random and malformed params, query strings and bodies thrown at every
 * /api/v1 route never produce a 5xx, and a refused request never leaves a partial write.
 */
let t: TestApp;
let callers: TestAccount[];
let routes: { method: string; path: string }[];
let realIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  const agent = await createAccount(t, 'agent');
  callers = [await createAccount(t, 'user'), agent, await createAccount(t, 'admin')];
  realIds = [
    await createListing(t, agent),
    await createListing(t, agent, { status: 'pending' }),
    ...callers.map((c) => c.id),
  ];
  // The fingerprint must see the data, or "nothing was written" would prove nothing.
  expect((await databaseFingerprint(t)).replaceAll(',', '')).not.toBe('');
  const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  routes = Object.entries(spec.paths as Record<string, Record<string, unknown>>)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => m !== 'head')
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
});
afterAll(() => t.close());

const FIELD_NAMES = [
  'role',
  'listingId',
  'amount',
  'deadline',
  'rating',
  'text',
  'reason',
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

describe('malformed input', () => {
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
        const before = await databaseFingerprint(t);
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: query ? `${path}?${query}` : path,
          headers: { cookie: caller.cookie },
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : { payload: r.body as object }),
        });
        expect(response.statusCode, `${route.method} ${path} → ${response.body}`).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(response.headers['content-type']).toContain('application/problem+json');
          expect(await databaseFingerprint(t), `${route.method} ${path} refused but wrote`).toBe(
            before,
          );
        }
      }),
      { numRuns: 400 },
    );
  });
});
