import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * better-auth keeps each call's state in AsyncLocalStorage. On Node 20 the first `run()` of
 * one turns Node's async hooks on for the whole process, and they stay on: from then on every
 * promise and every socket write pays for them, and finished requests outlive young-generation
 * collections. Measured on a cached browse page (bench/HISTORY.md): 34–35k req/s before the
 * first sign-in, 19–20k after it, with garbage collection up from 3 % to 16 % of the time.
 *
 * So better-auth's storages are switched off whenever none of its calls is under way; its
 * next `run()` switches them on again. The storages are process-wide (better-auth keeps them
 * on globalThis), so the count of calls under way is too.
 */
let callsUnderWay = 0;

/**
 * Whether AsyncLocalStorage is built on async hooks in this process: on Node before 24, or on
 * 24 and later started with `--no-async-context-frame` (only such a storage has `enabled`).
 * From Node 24 a storage rides on AsyncContextFrame and costs nothing while idle, so there is
 * nothing to switch off, and counting calls was measured as pure overhead there (ADR 8).
 */
export const storagesUseAsyncHooks = 'enabled' in new AsyncLocalStorage();

/** Counts `work` as a better-auth call until it settles. */
export async function asAuthCall<T>(work: () => Promise<T>): Promise<T> {
  if (!storagesUseAsyncHooks) return work();
  callsUnderWay += 1;
  try {
    return await work();
  } finally {
    callsUnderWay -= 1;
    if (callsUnderWay === 0) switchOffAuthStorages();
  }
}

type AuthEntryPoints = {
  handler: (request: Request) => Promise<Response>;
  api: object;
};

/**
 * The same auth, every way into it counted as a call: the handler (also offered as `fetch`)
 * and each `api` endpoint. Its background tasks are counted through `backgroundTasks` below.
 */
export function quietBetweenCalls<A extends AuthEntryPoints>(auth: A): A {
  if (!storagesUseAsyncHooks) return auth;
  const counted = new Map<PropertyKey, unknown>();
  const api = new Proxy(auth.api, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      let endpoint = counted.get(key);
      if (!endpoint) {
        endpoint = (...args: unknown[]) => asAuthCall(() => value.apply(target, args));
        counted.set(key, endpoint);
      }
      return endpoint;
    },
  });
  const handler = (request: Request) => asAuthCall(() => auth.handler(request));
  return { ...auth, handler, ...('fetch' in auth ? { fetch: handler } : {}), api };
}

/** better-auth's `advanced.backgroundTasks`: work it leaves running counts as a call too. */
export const backgroundTasks = {
  handler: (task: Promise<unknown>) => {
    // Ignored failures, as better-auth's own default does: it logs what it wants logged.
    asAuthCall(() => task).catch(() => {});
  },
};

const BETTER_AUTH_GLOBAL = Symbol.for('better-auth:global');

function switchOffAuthStorages(): void {
  const global = (globalThis as { [BETTER_AUTH_GLOBAL]?: { context?: object } })[
    BETTER_AUTH_GLOBAL
  ];
  for (const value of Object.values(global?.context ?? {})) {
    if (value instanceof AsyncLocalStorage) value.disable();
  }
}
