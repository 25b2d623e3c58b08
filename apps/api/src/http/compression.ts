import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * How JSON answers are compressed: fast settings, since most are compressed per request
 * (@fastify/compress); the response cache compresses each cached answer once with the same.
 * The web app's files come compressed from the build and are sent as they are.
 */
export const JSON_COMPRESSION = {
  encodings: ['br', 'gzip'] as Array<'br' | 'gzip'>,
  threshold: 1024,
  // Answers up to 64 KiB (every JSON page) are compressed in one call. @fastify/compress
  // streams anything above 8 KiB on a 2-core host, and a page of 20 cards (about 12 KiB)
  // then cost a zlib stream per request: a tenth of a filtered search's time in the API
  // (CPU profile, 2026-11-29), where one call at quality 4 takes about 80 µs.
  syncThreshold: 64 * 1024,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
};

/**
 * How a sitemap page is compressed: the fastest settings. A page of 50 000 URLs is 7 MB of
 * text, mostly random ids that no setting compresses much: Brotli at quality 4 took 311 ms
 * and made 1 261 405 bytes of it, quality 1 took 79 ms for 1 286 363 (+2 %); gzip level 6
 * 115 ms, level 1 80 ms for 1 372 858 (Node 20, the shared 2-core machine at load 13).
 */
export const SITEMAP_COMPRESSION = {
  encodings: JSON_COMPRESSION.encodings,
  threshold: JSON_COMPRESSION.threshold,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
};

export type JsonEncoding = 'br' | 'gzip';

/** The encoding to send for an Accept-Encoding header: Brotli first, then gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): JsonEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

export function compressJson(body: Buffer, encoding: JsonEncoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, JSON_COMPRESSION.brotliOptions)
    : zlib.gzipSync(body, JSON_COMPRESSION.zlibOptions);
}

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * `body` compressed as one buffer, off the event loop, with the JSON answers' settings: for a
 * page that must reach the browser whole (see web-app.ts), where @fastify/compress would
 * stream it out in pieces as they are compressed.
 */
export function compressWhole(body: Buffer, encoding: JsonEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliCompress(body, JSON_COMPRESSION.brotliOptions)
    : gzip(body, JSON_COMPRESSION.zlibOptions);
}
