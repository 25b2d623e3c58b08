import type { FastifyInstance } from 'fastify';
import type { SessionReader } from '../auth/access.ts';
import type { Auth } from '../auth/better-auth.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { bothHear, type ChangeListener } from './change-feed.ts';
import { createDataVersions, type DataVersions } from './data-versions.ts';
import { type ResponseCacheStats, registerResponseCache } from './response-cache.ts';
import { createSessionReader } from './session-reader.ts';

declare module 'fastify' {
  interface FastifyInstance {
    caches: {
      responses(): ResponseCacheStats;
      /** Resolves once every change committed so far has reached this app's caches. */
      caughtUp(): Promise<void>;
    };
  }
}

/**
 * The per-process memory of sessions and answers, kept current by PostgreSQL's
 * announcements of every committed change (ADR 6). Registered after @fastify/etag and the
 * compression plugin: a cached answer is kept with its ETag, before route-level compression.
 * Gives back the session reader that access control asks on every guarded request, and the
 * versions, which other listeners tell of changes too (the search memory, app.ts).
 */
export async function registerPerformance(
  app: FastifyInstance,
  {
    database,
    auth,
    alsoHearing,
  }: {
    database: DatabaseHandle;
    auth: Auth;
    /** Another listener the same change feed tells (the live streams' session check). */
    alsoHearing?: ChangeListener;
  },
): Promise<{ readSession: SessionReader; versions: DataVersions }> {
  const versions = createDataVersions();
  const changeFeed = await database.listenForChanges(
    alsoHearing ? bothHear(versions, alsoHearing) : versions,
  );
  // onClose hooks run last-registered first: the feed stops before the database closes.
  app.addHook('onClose', () => changeFeed.close());
  const responses = registerResponseCache(app, versions, {
    maxBytes: 64 * 1024 * 1024,
    maxAgeMs: 5 * 60_000,
  });
  app.decorate('caches', { responses, caughtUp: changeFeed.caughtUp });
  return { readSession: await createSessionReader(auth, database.db, versions), versions };
}
