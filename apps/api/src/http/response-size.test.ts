import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../test/factories.ts';
import { createAccount, createTestApp, type TestApp } from '../../test/test-app.ts';

// What a phone on a slow network downloads: the web app's files as the build compressed
// them, and JSON compressed on the fly.

const script = `export const greeting = ${JSON.stringify('আসসালামু আলাইকুম '.repeat(200))};\n`;

let t: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-dist-'));
  await fs.mkdir(path.join(distDir, 'assets'));
  await fs.writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Basha</title>');
  const file = path.join(distDir, 'assets', 'home-abc123.js');
  await fs.writeFile(file, script);
  // What apps/web/precompress.ts writes at build time.
  await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(script));
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(script));
  t = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await t.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

const getScript = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/assets/home-abc123.js',
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('what crosses the network', () => {
  it('sends the build’s Brotli file to browsers that accept it, cached for a year', async () => {
    const response = await getScript('gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 3);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzipped = await getScript('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await getScript();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers a revalidation of an unchanged list with 304 and no body', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/listings/latest' });
    const tag = first.headers.etag;
    expect(tag).toMatch(/^W\/"/);
    // Never kept by a shared cache, always revalidated by the browser.
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/listings/latest',
      headers: { 'if-none-match': String(tag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/v1/listings/latest',
      headers: { 'if-none-match': 'W/"something-else"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('compresses JSON answers on the fly, and leaves small ones alone', async () => {
    const docs = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(docs.headers['content-encoding']).toBe('br');
    const spec = JSON.parse(zlib.brotliDecompressSync(docs.rawPayload).toString());
    expect(spec.info.title).toBe('Basha API');

    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });

  it('compresses a page of listings in one piece, its length known before it is sent', async () => {
    const [agent, user] = await Promise.all([createAccount(t, 'agent'), createAccount(t, 'user')]);
    for (let n = 0; n < 20; n += 1) await createListing(t, agent);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/v1/listings?limit=20',
      headers: { cookie: user.cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(page.statusCode).toBe(200);
    const json = zlib.brotliDecompressSync(page.rawPayload).toString();
    expect(JSON.parse(json).items).toHaveLength(20);
    // Above the 8 KiB that @fastify/compress would otherwise stream out in chunks.
    expect(Buffer.byteLength(json)).toBeGreaterThan(8 * 1024);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['transfer-encoding']).toBeUndefined();
    expect(Number(page.headers['content-length'])).toBe(page.rawPayload.length);
  });
});
