import { SessionStateSchema } from '@basha/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { stubApi } from '../../testing/render.tsx';
import { apiRequest } from './api-client.ts';
import { changedJustNow, markChanged } from './fresh-reads.ts';

// The server writes a first page's answers into the page (apps/api/src/web/first-page-hints.ts):
// the app must use each one instead of asking the API, once, and only for a read.

const visitor = { user: null };
const rahim = {
  user: {
    id: 'u1',
    name: 'Rahim',
    email: 'rahim@example.com',
    photoUrl: null,
    role: 'user',
    fraud: false,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
};

function servePageWith(answers: string) {
  document.head.innerHTML = `<script type="application/json" id="first-answers">${answers}</script>`;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('answers inlined in the page', () => {
  it('the first read of a URL takes its inlined answer, later reads ask the API', async () => {
    servePageWith(JSON.stringify({ '/api/v1/session': rahim }));
    const calls = stubApi(() => ({ status: 200, body: visitor }));

    await expect(apiRequest('/api/v1/session', { schema: SessionStateSchema })).resolves.toEqual(
      rahim,
    );
    expect(calls).toHaveLength(0);

    // The page's answer is as old as the page: a second read is the API's to answer.
    await expect(apiRequest('/api/v1/session', { schema: SessionStateSchema })).resolves.toEqual(
      visitor,
    );
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/session']);
  });

  it('only an exact URL matches, and never a write', async () => {
    servePageWith(JSON.stringify({ '/api/v1/wishlist': { done: 'inlined' } }));
    const calls = stubApi(() => ({ status: 200, body: { done: 'asked' } }));
    const schema = z.object({ done: z.string() });

    await apiRequest('/api/v1/wishlist?listingId=x', { schema });
    await apiRequest('/api/v1/wishlist', { method: 'POST', body: { listingId: 'x' }, schema });
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual([
      'GET /api/v1/wishlist?listingId=x',
      'POST /api/v1/wishlist',
    ]);
    await expect(apiRequest('/api/v1/wishlist', { schema })).resolves.toEqual({ done: 'inlined' });
  });

  it('an inlined answer is checked against the contract like any other', async () => {
    servePageWith(JSON.stringify({ '/api/v1/session': { user: { name: 'no id' } } }));
    stubApi(() => ({ status: 200, body: visitor }));
    await expect(apiRequest('/api/v1/session', { schema: SessionStateSchema })).rejects.toThrow();
  });

  it('a damaged block is ignored: the app asks the API', async () => {
    servePageWith('{"/api/v1/session": ');
    const calls = stubApi(() => ({ status: 200, body: visitor }));
    await expect(apiRequest('/api/v1/session', { schema: SessionStateSchema })).resolves.toEqual(
      visitor,
    );
    expect(calls).toHaveLength(1);
  });
});

describe('reads after a live event', () => {
  it('ask for a fresh answer for a moment after their feature was said to change', async () => {
    const calls = stubApi(() => ({ status: 200, body: visitor }));
    const root = ['a-feature'];
    const read = () =>
      apiRequest('/api/v1/session', { schema: SessionStateSchema, fresh: changedJustNow(root) });
    const cacheControlOf = (call: { init: RequestInit } | undefined) =>
      new Headers(call?.init.headers).get('cache-control');

    await read();
    markChanged(root);
    await read();
    vi.useFakeTimers({ now: Date.now() + 5001, toFake: ['Date'] });
    try {
      await read();
    } finally {
      vi.useRealTimers();
    }
    expect(calls.map(cacheControlOf)).toEqual([null, 'no-cache', null]);
  });
});
