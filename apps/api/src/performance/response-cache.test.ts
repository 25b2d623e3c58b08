import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { compressJson, JSON_COMPRESSION } from '../http/compression.ts';
import { createDataVersions } from './data-versions.ts';
import { type ResponseCacheStats, registerResponseCache } from './response-cache.ts';

// How the response cache spends its memory, on a bare Fastify app with the API's ETag and
// compression plugins in the API's order (caches.test.ts covers it inside the whole API).

/** About 2 KiB of JSON that compresses well, as a page of cards does. */
const answerOf = (name: string) => ({
  name,
  cards: Array.from({ length: 40 }, (_, i) => ({ title: `Flat ${i} in Gulshan`, name })),
});
const PLAIN_BYTES = Buffer.byteLength(JSON.stringify(answerOf('hot')));

let app: FastifyInstance;
let stats: () => ResponseCacheStats;

async function startApp(maxBytes: number): Promise<void> {
  app = Fastify();
  await app.register(etag, { weak: true });
  await app.register(compress, JSON_COMPRESSION);
  const versions = createDataVersions();
  versions.resumed();
  stats = registerResponseCache(app, versions, { maxBytes, maxAgeMs: 60_000 });
  app.get(
    '/answers/:name',
    { config: { cache: { readFrom: ['listings'], sharedBy: 'everyone' } } },
    async (request) => answerOf((request.params as { name: string }).name),
  );
}
afterEach(() => app.close());

const ask = (name: string, encoding?: string) =>
  app.inject({
    method: 'GET',
    url: `/answers/${name}`,
    headers: encoding ? { 'accept-encoding': encoding } : {},
  });

describe('the response cache', () => {
  it('keeps a large answer as Brotli only, and serves it in any encoding a client takes', async () => {
    await startApp(1024 * 1024);
    const first = await ask('hot', 'gzip, deflate, br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('accept-encoding');
    const json = brotliDecompressSync(first.rawPayload).toString();
    expect(JSON.parse(json)).toEqual(answerOf('hot'));
    // The Brotli copy alone: a fraction of the JSON it holds.
    expect(stats().bytes).toBeLessThan(PLAIN_BYTES / 4);

    const again = await ask('hot', 'gzip, deflate, br');
    expect(stats().hits).toBe(1);
    expect(again.rawPayload).toEqual(first.rawPayload);
    expect(again.headers.etag).toBe(first.headers.etag);

    const gzip = await ask('hot', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(json);
    const plain = await ask('hot');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(json);
    expect(stats().hits).toBe(3);
  });

  it('answers a gzip-only client compressed on a miss, as @fastify/compress would', async () => {
    await startApp(1024 * 1024);
    const first = await ask('hot', 'gzip');
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(first.rawPayload).toString())).toEqual(answerOf('hot'));
    const again = await ask('hot', 'gzip');
    expect(stats().hits).toBe(1);
    expect(again.rawPayload).toEqual(first.rawPayload);
  });

  it('holds more answers than their JSON would fit in its memory', async () => {
    // Room for two answers as JSON; as Brotli, for all ten.
    await startApp(PLAIN_BYTES * 2);
    const names = Array.from({ length: 10 }, (_, i) => `answer-${i}`);
    for (const name of names) await ask(name, 'br');
    for (const name of names) await ask(name, 'br');
    expect(stats()).toMatchObject({ hits: 10, misses: 10, entries: 10 });
  });

  it('lets a flood of answers asked for once push out the least recently used, not one in use', async () => {
    const brotliBytes = compressJson(Buffer.from(JSON.stringify(answerOf('asked-once-0'))), 'br');
    // Room for five answers.
    await startApp(brotliBytes.length * 5.5);
    await ask('in-use', 'br');
    for (let n = 0; n < 30; n += 1) {
      await ask(`asked-once-${n}`, 'br');
      await ask('in-use', 'br');
    }
    // Every later request for the one in use was a hit; each flood answer was kept in turn.
    expect(stats()).toMatchObject({ hits: 30, misses: 31, entries: 5 });
    await ask('asked-once-0', 'br');
    expect(stats().misses).toBe(32);
  });
});
