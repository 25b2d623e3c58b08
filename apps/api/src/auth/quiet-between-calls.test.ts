import type { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestApp,
  logIn,
  sessionCookieOf,
  type TestApp,
} from '../../test/test-app.ts';
import { quietBetweenCalls, storagesUseAsyncHooks } from './quiet-between-calls.ts';

// better-auth's AsyncLocalStorages are switched off between its calls (quiet-between-calls.ts):
// calls that overlap must still each keep their own state, and none may be cut off.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Node builds AsyncLocalStorage on async hooks before 24, on AsyncContextFrame from 24. */
const ASYNC_HOOKS_STORAGE = Number(process.versions.node.split('.')[0]) < 24;

it('is installed only where storages ride on async hooks (Node before 24)', () => {
  expect(storagesUseAsyncHooks).toBe(ASYNC_HOOKS_STORAGE);
  const auth = { handler: async () => new Response(), api: {} };
  expect(quietBetweenCalls(auth) === auth).toBe(!ASYNC_HOOKS_STORAGE);
});

/** better-auth's storages, from the global it keeps them on. */
function authStorages(): AsyncLocalStorage<unknown>[] {
  const global = (globalThis as { [key: symbol]: { context: object } | undefined })[
    Symbol.for('better-auth:global')
  ];
  return Object.values(global?.context ?? {}) as AsyncLocalStorage<unknown>[];
}

describe('better-auth between its calls', () => {
  it('lets overlapping sign-ins and sign-outs each finish as their own account', async () => {
    const [first, ...others] = await Promise.all(Array.from({ length: 6 }, () => createAccount(t)));
    if (!first) throw new Error('no account');
    const accounts = [first, ...others];
    const leaving = sessionCookieOf(await logIn(t.app, first.email, first.password));

    const [signOut, ...signIns] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: leaving, origin: 'http://localhost:3000' },
      }),
      ...accounts.map((account) => logIn(t.app, account.email, account.password)),
    ]);

    expect(signOut?.statusCode).toBe(200);
    const me = await Promise.all(
      signIns.map((response) =>
        t.app.inject({
          method: 'GET',
          url: '/api/v1/me',
          headers: { cookie: sessionCookieOf(response) },
        }),
      ),
    );
    expect(me.map((response) => response.json().email)).toEqual(accounts.map((a) => a.email));
    const afterSignOut = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: leaving },
    });
    expect(afterSignOut.statusCode).toBe(401);
  });

  it('switches its storages off once no call is under way', async () => {
    const account = await createAccount(t);
    expect((await logIn(t.app, account.email, account.password)).statusCode).toBe(200);

    const storages = authStorages();
    expect(storages.length).toBeGreaterThan(0);
    for (const storage of storages) {
      expect(storage.getStore()).toBeUndefined();
      if (ASYNC_HOOKS_STORAGE) {
        // `enabled` is Node's own flag: an enabled storage keeps the process's async hooks on.
        expect((storage as unknown as { enabled: boolean }).enabled).toBe(false);
      } else {
        // From Node 24 a storage is built on AsyncContextFrame: no async hooks, no flag.
        expect('enabled' in storage).toBe(false);
      }
    }
  });
});
