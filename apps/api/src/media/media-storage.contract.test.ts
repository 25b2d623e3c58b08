import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { openMediaStorage } from './open-storage.ts';
import type { MediaStorage } from './storage.ts';

/**
 * The one contract every media storage keeps, run against each: the disk store under
 * DATA_DIR and an S3 bucket on a real S3-compatible server on loopback.
 */
const stores: Array<{
  name: string;
  start(): Promise<{ env: Record<string, string>; stop(): Promise<void> }>;
}> = [
  { name: 'disk', start: async () => ({ env: {}, stop: async () => {} }) },
  {
    name: 'S3',
    start: async () => {
      const s3: TestS3 = await startTestS3();
      return { env: s3.env, stop: s3.close };
    },
  },
];

const webp = (text: string) => Buffer.from(`RIFF${text}WEBPVP8 `);
const freshKey = () => `contract-tests/${randomUUID()}-400.webp`;

const UNSAFE_KEYS = [
  '',
  '../outside.webp',
  'listing-photos/../../outside.webp',
  '/etc/passwd.webp',
  'listing-photos\\outside.webp',
  'listing-photos/',
  'no-extension',
  'Capitals.webp',
  'listing-photos/%2e%2e/outside.webp',
  'listing-photos//double.webp',
];

describe.each(stores)('media storage on $name', (store) => {
  let t: TestApp;
  let storage: MediaStorage;
  let stopStore: () => Promise<void>;
  let closeStorage: () => void;

  beforeAll(async () => {
    const started = await store.start();
    stopStore = started.stop;
    t = await createTestApp(started.env);
    // A second handle on the same store, as another API process would have.
    const opened = await openMediaStorage(t.config.media);
    storage = opened.storage;
    closeStorage = opened.close;
  });
  afterAll(async () => {
    closeStorage();
    await t.close();
    await stopStore();
  });

  it('reads back what was put: bytes, type and size', async () => {
    const key = freshKey();
    const bytes = webp('hello');
    await storage.put(key, bytes, 'image/webp');
    const media = await storage.read(key);
    if (!media) throw new Error(`${key} was not read back`);
    expect(Buffer.concat(await media.body.toArray())).toEqual(bytes);
    expect([media.contentType, media.size]).toEqual(['image/webp', bytes.length]);
    expect(media.etag).toMatch(/^(W\/)?".+"$/);
  });

  it('lists the keys it holds', async () => {
    const keys = [freshKey(), freshKey()];
    for (const key of keys) await storage.put(key, webp(key), 'image/webp');
    const listed: string[] = [];
    for await (const key of storage.keys()) listed.push(key);
    expect(listed).toEqual(expect.arrayContaining(keys));
  });

  it('deletes, after which the key reads as missing; deleting again is fine', async () => {
    const key = freshKey();
    await storage.put(key, webp('gone soon'), 'image/webp');
    await storage.delete(key);
    expect(await storage.read(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    const listed: string[] = [];
    for await (const listedKey of storage.keys()) listed.push(listedKey);
    expect(listed).not.toContain(key);
  });

  it('reads a key never written as missing', async () => {
    expect(await storage.read(freshKey())).toBeNull();
  });

  it.each(UNSAFE_KEYS)('refuses the unsafe key %j for every call', async (key) => {
    await expect(storage.put(key, webp('x'), 'image/webp')).rejects.toThrow(/Unsafe media key/);
    await expect(storage.read(key)).rejects.toThrow(/Unsafe media key/);
    await expect(storage.delete(key)).rejects.toThrow(/Unsafe media key/);
    expect(storage.keyOf(`/media/${key}`)).toBeNull();
  });

  it('wrote nothing outside its own place for the refused keys', async () => {
    await expect(fs.access(path.join(t.dataDir, 'outside.webp'))).rejects.toThrow();
    await expect(fs.access(path.join(t.dataDir, 'media', 'outside.webp'))).rejects.toThrow();
    for await (const key of storage.keys()) expect(key).not.toMatch(/outside/);
  });

  describe('through GET /media', () => {
    it('serves an object with its type, size and a year of immutable caching', async () => {
      const key = freshKey();
      const bytes = webp('served');
      await storage.put(key, bytes, 'image/webp');
      const response = await t.app.inject({ method: 'GET', url: storage.urlOf(key) });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(bytes);
      expect(response.headers).toMatchObject({
        'content-type': 'image/webp',
        'content-length': String(bytes.length),
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
      expect(response.headers.etag).toMatch(/^(W\/)?".+"$/);
      expect(new Date(String(response.headers['last-modified'])).getTime()).not.toBeNaN();

      const again = await t.app.inject({
        method: 'GET',
        url: storage.urlOf(key),
        headers: { 'if-none-match': String(response.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);

      const head = await t.app.inject({ method: 'HEAD', url: storage.urlOf(key) });
      expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([
        200,
        String(bytes.length),
        0,
      ]);
    });

    it('answers 404 problem details for a missing object', async () => {
      const response = await t.app.inject({ method: 'GET', url: storage.urlOf(freshKey()) });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    });

    it('answers 404, never a server error, for paths that are not safe keys', async () => {
      for (const url of [
        '/media/..%2f..%2fpackage.json',
        '/media/listing-photos%5c..%5c..%5cpackage.json',
        '/media/',
        '/media/%00.webp',
        '/media/UPPER.webp',
      ]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
      // Dot segments (plain or %2e) are resolved before routing: /media/../x is /x, which is
      // not media at all (the web app's page, or 404 when it is not built).
      for (const url of [
        '/media/../package.json',
        '/media/contract-tests/%2e%2e/%2e%2e/package.json',
      ]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBeLessThan(500);
        expect(response.body, url).not.toContain('"name": "@basha/api"');
        expect(response.headers['content-type'], url).not.toBe('image/webp');
      }
    });

    it('answers a deleted object with 404', async () => {
      const key = freshKey();
      await storage.put(key, webp('short-lived'), 'image/webp');
      await storage.delete(key);
      const response = await t.app.inject({ method: 'GET', url: storage.urlOf(key) });
      expect(response.statusCode).toBe(404);
    });
  });
});
