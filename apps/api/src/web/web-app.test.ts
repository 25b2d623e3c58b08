import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// After a deploy, a tab opened before it asks for the previous build's page files. The
// server answers a missing one with a 404, never with the app's HTML (the browser then
// failed with a MIME type error that hid the cause).

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-dist-'));
  await fs.writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await fs.mkdir(path.join(distDir, 'assets'));
  await fs.writeFile(path.join(distDir, 'assets', 'about-new1.js'), 'export default 1;');
  // A page file the previous build wrote and this one kept (apps/web/retire-old-assets.ts).
  await fs.writeFile(path.join(distDir, 'assets', 'about-old1.js'), 'export default 0;');
  t = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await t.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it("serves this build's and a kept earlier build's page files as scripts", async () => {
    for (const file of ['about-new1.js', 'about-old1.js']) {
      const response = await t.app.inject({ method: 'GET', url: `/assets/${file}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
    }
  });

  it('answers a page file that is gone with a 404 problem, not the app page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/about-gone1.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body).not.toContain('<div id="root">');
  });

  it("answers any other address with the app's page (history fallback)", async () => {
    for (const url of ['/allproperties', '/propertyDetails/x', '/assets-of-mine']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('sends a page compressed in the encoding the browser prefers, the same page once decoded', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/allproperties' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/allproperties',
        headers: { 'accept-encoding': accept },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload).toString()).toBe(plain.body);
    }
  });
});
