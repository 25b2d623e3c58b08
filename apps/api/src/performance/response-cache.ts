import type { OutgoingHttpHeaders } from 'node:http';
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

type CachedAnswer = {
  body: Buffer;
  /** As the route answered (JSON for the API; XML for the sitemap index). */
  contentType: string;
  etag: string | undefined;
  stamp: VersionStamp;
  storedAt: number;
  compressed: Partial<Record<JsonEncoding, Buffer>>;
};

export type ResponseCacheOptions = {
  /** Bytes kept at most (bodies and their compressed copies); the oldest go first. */
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
    keepAnswer(request, reply, payload);
    done(null, payload);
  });

  function keepAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const pending = pendingEntries.get(request);
    if (!pending || reply.statusCode !== 200 || typeof payload !== 'string') return;
    const policy = request.routeOptions.config.cache;
    if (policy?.sharedBy === 'users-public-view' && !publicViews.has(request)) return;
    forget(pending.key);
    const etag = reply.getHeader('etag');
    const contentType = reply.getHeader('content-type');
    const answer: CachedAnswer = {
      body: ownedCopy(Buffer.from(payload)),
      contentType:
        typeof contentType === 'string' ? contentType : 'application/json; charset=utf-8',
      etag: typeof etag === 'string' ? etag : undefined,
      stamp: pending.stamp,
      storedAt: Date.now(),
      compressed: {},
    };
    answers.set(pending.key, answer);
    stats.bytes += sizeOf(answer);
    for (const oldest of answers.keys()) {
      if (stats.bytes <= options.maxBytes) break;
      forget(oldest);
    }
  }

  const grow = (answer: CachedAnswer, encoding: JsonEncoding): Buffer => {
    const before = sizeOf(answer);
    const compressed = ownedCopy(compressJson(answer.body, encoding));
    answer.compressed[encoding] = compressed;
    stats.bytes += sizeOf(answer) - before;
    return compressed;
  };

  function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): void {
    const compressible = answer.body.length >= JSON_COMPRESSION.threshold;
    reply.type(answer.contentType);
    if (compressible) reply.header('vary', 'accept-encoding');
    if (answer.etag) {
      reply.header('etag', answer.etag);
      if (request.headers['if-none-match'] === answer.etag) {
        reply.code(304).send();
        return;
      }
    }
    const encoding = compressible ? preferredEncoding(request.headers['accept-encoding']) : null;
    if (encoding) reply.header('content-encoding', encoding);
    writeWhole(
      request,
      reply,
      encoding ? (answer.compressed[encoding] ?? grow(answer, encoding)) : answer.body,
    );
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
    answer.body.length + (answer.compressed.br?.length ?? 0) + (answer.compressed.gzip?.length ?? 0)
  );
}
