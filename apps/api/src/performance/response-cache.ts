import type { OutgoingHttpHeaders } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setApiCacheControl } from '../http/cache-headers.ts';
import {
  compressJson,
  JSON_COMPRESSION,
  type JsonEncoding,
  preferredEncoding,
} from '../http/compression.ts';
import type { AnnouncedTable, DataVersions, VersionStamp } from './data-versions.ts';

/**
 * A GET route whose answers may be cached: what they are read from, and whom one answer
 * serves. `everyone`: the same for every caller. `caller`: one answer per account, never an
 * admin's (an admin reading someone else's records may be audited: the handler must run).
 * `users-public-view`: one answer for every account with role user and for no account (a
 * visitor with PUBLIC_LISTINGS, or the page shell's public view: auth/public-view.ts),
 * kept only when the handler said it is the public view (`markPublicView`); the rest (a
 * sold listing its buyer still sees, whatever agents and admins see) is never cached.
 */
export type CachePolicy = {
  readFrom: readonly AnnouncedTable[];
  sharedBy: 'everyone' | 'caller' | 'users-public-view';
};

const publicViews = new WeakSet<FastifyRequest>();

/** The answer being built is what every user sees, so it may be shared among them. */
export function markPublicView(request: FastifyRequest): void {
  publicViews.add(request);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: CachePolicy;
  }
}

/**
 * A kept answer. One above the compression threshold is kept Brotli-compressed only, as
 * nearly every client asks for it: a page of 20 cards is 18 KiB of JSON and 3 KiB of
 * Brotli, so the same memory keeps about five times as many answers. Its gzip copy is made
 * on the first request that asks for gzip, and a client that takes neither gets it
 * decompressed on each request.
 */
type CachedAnswer = {
  /** The answer as JSON (or XML), only for one below the compression threshold. */
  plain: Buffer | undefined;
  /** As the route answered (JSON for the API; XML for the sitemap index). */
  contentType: string;
  etag: string | undefined;
  stamp: VersionStamp;
  storedAt: number;
  compressed: Partial<Record<JsonEncoding, Buffer>>;
};

export type ResponseCacheOptions = {
  /**
   * Bytes kept at most (answers and their compressed copies). The least recently used go
   * first, so a flood of answers asked for once (a crawler paging through searches that
   * never repeat) does not push out the ones in use.
   */
  maxBytes: number;
  /** A backstop only: changes invalidate answers long before this. */
  maxAgeMs: number;
};

export type ResponseCacheStats = {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
  /** Whether changes are being heard; nothing is served from the cache while they are not. */
  listening: boolean;
};

/**
 * Answers of the routes that declare `config.cache`, kept in this process until a table
 * they were read from changes (PostgreSQL announces it to every API process, and this
 * process's own writes count at once; see data-versions.ts and change-feed.ts). A hit
 * skips the database, the response validation and the JSON, and its compressed copies are
 * made once.
 */
export function registerResponseCache(
  app: FastifyInstance,
  versions: DataVersions,
  options: ResponseCacheOptions,
): () => ResponseCacheStats {
  const answers = new Map<string, CachedAnswer>();
  const pendingEntries = new WeakMap<FastifyRequest, { key: string; stamp: VersionStamp }>();
  const stats = { hits: 0, misses: 0, bytes: 0 };

  const forget = (key: string) => {
    const answer = answers.get(key);
    if (!answer) return;
    answers.delete(key);
    stats.bytes -= sizeOf(answer);
  };

  // Before validation: a stored answer was validated when it was made, for the same URL.
  // Callback-style, like the other hooks every request passes (see SessionReader): a hit
  // is answered here, and the route is not entered (`done` is not called).
  app.addHook('preValidation', (request, reply, done) => {
    const policy = request.routeOptions.config.cache;
    if (!policy || request.method !== 'GET' || !versions.live) return done();
    const key = cacheKey(request, policy);
    if (key === null) return done();
    const answer = answers.get(key);
    if (
      answer &&
      !asksForFreshAnswer(request) &&
      versions.isCurrent(answer.stamp) &&
      Date.now() - answer.storedAt < options.maxAgeMs
    ) {
      stats.hits += 1;
      // Re-inserted: a Map iterates in insertion order, so the front is the least recently used.
      answers.delete(key);
      answers.set(key, answer);
      sendCached(request, reply, answer);
      return;
    }
    stats.misses += 1;
    // Stamped before the handler reads: a change committed meanwhile makes it stale.
    pendingEntries.set(request, { key, stamp: versions.stamp(policy.readFrom) });
    done();
  });

  // Registered after @fastify/etag, before the route-level compression: the payload here is
  // the serialized JSON and its ETag is set.
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, keepAnswer(request, reply, payload) ?? payload);
  });

  /**
   * Keeps a fresh answer; returns what to send instead of `payload` when the answer is sent
   * compressed from what was kept (@fastify/compress then leaves it as it is), so a miss is
   * compressed once, not once for the client and again for the cache.
   */
  function keepAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ): Buffer | undefined {
    const pending = pendingEntries.get(request);
    if (!pending || reply.statusCode !== 200 || typeof payload !== 'string') return undefined;
    const policy = request.routeOptions.config.cache;
    if (policy?.sharedBy === 'users-public-view' && !publicViews.has(request)) return undefined;
    forget(pending.key);
    const etag = reply.getHeader('etag');
    const contentType = reply.getHeader('content-type');
    const body = Buffer.from(payload);
    const compressible = body.length >= JSON_COMPRESSION.threshold;
    const answer: CachedAnswer = {
      plain: compressible ? undefined : ownedCopy(body),
      contentType:
        typeof contentType === 'string' ? contentType : 'application/json; charset=utf-8',
      etag: typeof etag === 'string' ? etag : undefined,
      stamp: pending.stamp,
      storedAt: Date.now(),
      compressed: compressible ? { br: ownedCopy(compressJson(body, 'br')) } : {},
    };
    const encoding = compressible ? preferredEncoding(request.headers['accept-encoding']) : null;
    if (encoding === 'gzip') answer.compressed.gzip = ownedCopy(compressJson(body, 'gzip'));
    answers.set(pending.key, answer);
    stats.bytes += sizeOf(answer);
    for (const leastRecentlyUsed of answers.keys()) {
      if (stats.bytes <= options.maxBytes) break;
      forget(leastRecentlyUsed);
    }
    if (!encoding) return undefined;
    reply.header('vary', 'accept-encoding');
    reply.header('content-encoding', encoding);
    return answer.compressed[encoding];
  }

  /** Makes and keeps the gzip copy of a kept answer (the most recently used), from its JSON. */
  const keepGzip = (answer: CachedAnswer, json: Buffer): Buffer => {
    const gzip = ownedCopy(compressJson(json, 'gzip'));
    answer.compressed.gzip = gzip;
    stats.bytes += gzip.length;
    return gzip;
  };

  function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): void {
    const { plain } = answer;
    reply.type(answer.contentType);
    if (!plain) reply.header('vary', 'accept-encoding');
    if (answer.etag) {
      reply.header('etag', answer.etag);
      if (request.headers['if-none-match'] === answer.etag) {
        reply.code(304).send();
        return;
      }
    }
    const encoding = plain ? null : preferredEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    writeWhole(request, reply, plain ?? encoded(answer, encoding));
  }

  /** A compressible kept answer in `encoding`, or as JSON for a client that takes neither. */
  function encoded(answer: CachedAnswer, encoding: JsonEncoding | null): Buffer {
    const { br, gzip } = answer.compressed as { br: Buffer; gzip?: Buffer };
    if (encoding === 'br') return br;
    if (encoding === 'gzip' && gzip) return gzip;
    const json = brotliDecompressSync(br);
    return encoding === 'gzip' ? keepGzip(answer, json) : json;
  }

  return () => ({ ...stats, entries: answers.size, listening: versions.live });
}

/**
 * A kept answer written straight to the connection, past the onSend hooks: what they add to
 * an answer (its ETag, its compression, the API's Cache-Control) a kept one already has or
 * gets here, and running them cost a cached answer about a tenth of its time (4–5 of 47 µs
 * of CPU, 2026-12-01). The onResponse hooks (metrics) still run. `caches.test.ts` checks
 * that a kept answer's headers are the first answer's.
 */
function writeWhole(request: FastifyRequest, reply: FastifyReply, body: Buffer): void {
  setApiCacheControl(request, reply);
  reply.header('content-length', body.length);
  reply.hijack();
  // Fastify's header values are Node's (number for a length), typed more loosely.
  reply.raw.writeHead(200, reply.getHeaders() as OutgoingHttpHeaders);
  reply.raw.end(body);
}

/**
 * `Cache-Control: no-cache` on a request: no stored answer without asking the source (RFC
 * 9111). A tab sends it when a live event told it something changed: that event may reach
 * it before this process hears the change's announcement, and a kept answer read before the
 * change would then be served as current. The fresh answer is kept for the next reads.
 */
function asksForFreshAnswer(request: FastifyRequest): boolean {
  const cacheControl = request.headers['cache-control'];
  return cacheControl !== undefined && /(?:^|,)\s*no-cache\s*(?:,|$)/i.test(cacheControl);
}

/** Whose answer this request gets; null when it is not cached at all. */
function cacheKey(request: FastifyRequest, policy: CachePolicy): string | null {
  const actor = request.actor;
  switch (policy.sharedBy) {
    case 'everyone':
      return `* ${request.url}`;
    case 'caller':
      return actor && actor.role !== 'admin' ? `account:${actor.id} ${request.url}` : null;
    case 'users-public-view':
      // No actor on such a route: the public view itself (what a visitor may see).
      return actor === null || actor.role === 'user' ? `users ${request.url}` : null;
  }
}

/**
 * A buffer of its own. Small buffers are slices of shared 8 KiB slabs, and one kept slice
 * keeps its whole slab: cached answers of 1–4 KiB would hold several times their size.
 */
function ownedCopy(buffer: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}

function sizeOf(answer: CachedAnswer): number {
  return (
    (answer.plain?.length ?? 0) +
    (answer.compressed.br?.length ?? 0) +
    (answer.compressed.gzip?.length ?? 0)
  );
}
