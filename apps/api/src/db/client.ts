import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { API_ROOT } from '../api-root.ts';
import type { JobQuery } from '../jobs/job-runner.ts';
import {
  type ChangeFeed,
  type ChangeListener,
  listenOnPglite,
  listenOnPostgres,
  watchOwnWrites,
} from '../performance/change-feed.ts';
import {
  type ListingChangeFeed,
  type ListingChangeListener,
  listenForListingChangesOnPglite,
  listenForListingChangesOnPostgres,
} from './listing-change-feed.ts';
import {
  type LiveEventFeed,
  type LiveEventListener,
  listenForLiveEventsOnPglite,
  listenForLiveEventsOnPostgres,
} from './live-event-feed.ts';
import { namedStatementsOn } from './pglite-statements.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type every module uses, whichever driver sits underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Brings the schema up to date; on PostgreSQL one process at a time (see `exclusively`). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process runs its own on this database: API processes that
   * start together (WEB_CONCURRENCY, several machines, a worker) migrate and seed one after
   * another, and the later ones find the work done (ADR 21). PGlite is one process's own.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** How the connections are used now, for /api/metrics. */
  poolUse(): PoolUse;
  /** Hears every committed change to the tables migration 0006 announces. */
  listenForChanges(listener: ChangeListener): Promise<ChangeFeed>;
  /** Hears every committed notification, whichever process wrote it (ADR 26). */
  listenForLiveEvents(listener: LiveEventListener): Promise<LiveEventFeed>;
  /**
   * Hears the ids of the listings each committed statement changed, in their own row or in
   * their agent's name, email or photo, or '*' for many (migrations 0022 and 0023): this
   * process's own before the writing query resolves, the others' moments after their commit.
   * The search memory follows them (ADR 33).
   */
  listenForListingChanges(listener: ListingChangeListener): Promise<ListingChangeFeed>;
  /**
   * Runs the job runner's statements (ADR 20). On PostgreSQL over connections of its own: a
   * runner polling through the request pool would count as this process writing and empty
   * its caches at every poll (ADR 6).
   */
  jobQuery: JobQuery;
  close(): Promise<void>;
};

/**
 * Connections open, idle, and queries waiting for one. PGlite is one connection in this
 * process with no queue it shows, so only its total is known.
 */
export type PoolUse = { total: number; idle?: number; waiting?: number };

const migrationsFolder = path.join(API_ROOT, 'drizzle');

/** What opening a database may be given on either driver. */
export type DatabaseOptions = {
  /** Sees every statement the app runs through Drizzle (tests read which tables it touches). */
  logger?: Logger;
};

export type EmbeddedOptions = DatabaseOptions & {
  /** Directory to persist to; omitted = in memory. */
  dataDir?: string;
  /** A dumped data directory to start from (tests start from a migrated snapshot). */
  snapshot?: Blob;
  fsync?: boolean;
};

export async function openEmbeddedDatabase(options: EmbeddedOptions = {}): Promise<DatabaseHandle> {
  return embeddedDatabaseOn(await startEmbeddedClient(options), options);
}

/** PostgreSQL in this process, with the extensions and type parsers the app relies on. */
export async function startEmbeddedClient(options: EmbeddedOptions = {}): Promise<PGlite> {
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  const client = new PGlite({
    dataDir: options.dataDir,
    extensions: { pg_trgm },
    parsers: DRIZZLE_TEXT_TYPES,
    loadDataDir: options.snapshot,
    // PGlite starts PostgreSQL with -F (fsync off); durability on disk needs it back on.
    startParams: options.fsync
      ? PGlite.defaultStartParams.filter((param) => param !== '-F')
      : undefined,
  });
  await client.waitReady;
  return client;
}

/**
 * The handle over a PGlite that is already open; closing the handle closes it. (The tests
 * open their databases once per worker and hand them from file to file.)
 */
export function embeddedDatabaseOn(client: PGlite, options: DatabaseOptions = {}): DatabaseHandle {
  const db = drizzlePglite({
    client: forDrizzle(client),
    schema,
    casing: 'snake_case',
    logger: options.logger,
  }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
      // PGlite learns the database's array types when it opens; a migration that adds an
      // enum (listing_type) leaves its array type unknown, and an array parameter of it
      // failed (22P02) until a restart.
      await client.refreshArrayTypes();
    },
    exclusively: (work) => work(),
    ping: async () => {
      await client.query('select 1');
    },
    poolUse: () => ({ total: 1 }),
    listenForChanges: (listener) => listenOnPglite(client, listener),
    listenForLiveEvents: (listener) => listenForLiveEventsOnPglite(client, listener),
    listenForListingChanges: (listener) => listenForListingChangesOnPglite(client, listener),
    jobQuery: async (text, params) =>
      (await namedStatementsOn(client).query(text, params)).rows as Record<string, unknown>[],
    close: () => client.close(),
  };
}

/**
 * The types drizzle-orm wants as PostgreSQL's text (it converts them itself): it passes
 * these parsers with every PGlite query (drizzle-orm/pglite/session.js), and PGlite then
 * merges them into a copy of its ~300 parsers per query, ~90 µs each time. PGlite is given
 * them once instead, and the per-query copies are dropped below. This reaches into Drizzle's
 * PGlite session: `pglite-parsers.pglite.test.ts` fails when an upgrade changes the list or stops
 * passing it, and ADR 5 keeps the figure.
 */
const asText = (value: string) => value;
export const DRIZZLE_TEXT_TYPES = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

/** The PGlite under the one Drizzle is given (forDrizzle). */
const UNDERNEATH = Symbol('the PGlite underneath');

/**
 * The PGlite Drizzle is given: every query (a transaction's too) runs through a statement
 * kept by name (pglite-statements.ts), and without the parsers Drizzle passes with it (see
 * DRIZZLE_TEXT_TYPES).
 */
function forDrizzle(client: PGlite): PGlite {
  const statements = namedStatementsOn(client);
  const withoutParsers = (options?: QueryOptions) => options && { ...options, parsers: undefined };
  const query = (text: string, params?: unknown[], options?: QueryOptions) =>
    statements.query(text, params, withoutParsers(options));
  const transaction = (run: (tx: Transaction) => Promise<unknown>) =>
    client.transaction((tx) => {
      const queryInTx = statements.queryIn(tx);
      const queryInTxWithoutParsers = (text: string, params?: unknown[], options?: QueryOptions) =>
        queryInTx(text, params, withoutParsers(options));
      return run(
        new Proxy(tx, {
          get: (target, key) =>
            key === 'query' ? queryInTxWithoutParsers : Reflect.get(target, key, target),
        }),
      );
    });
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      if (key === UNDERNEATH) return target;
      // PGlite keeps its state in private fields: its methods must run on the real object.
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The advisory lock key processes take around migrations and demo data (any fixed number). */
const STARTUP_LOCK = 2_026_0021;

export async function openPostgresDatabase(
  connectionString: string,
  options: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  const ownWrites = watchOwnWrites();
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    onConnect: ownWrites.onConnect,
    // PostgreSQL's own plan_cache_mode (auto): a statement named with Drizzle's prepare() —
    // lookups by key, the hot writes — keeps one plan per connection once PostgreSQL judges
    // it as good as planning again, which saves 0.2–0.7 ms a statement that reads `listings`
    // (26 indexes to weigh). Statements whose best plan depends on the values are sent
    // unnamed and planned each time (browse; ADR 5).
  });
  // An idle connection closed by the server (restart, failover, an admin terminating it) is
  // dropped from the pool and replaced on the next query; without a listener, Node would
  // treat the error as unhandled and crash the whole API.
  pool.on('error', () => {});
  const jobPool = new pg.Pool({ connectionString, max: 2, application_name: 'basha-jobs' });
  jobPool.on('error', () => {});
  const db = drizzleNodePostgres({
    client: pool,
    schema,
    casing: 'snake_case',
    logger: options.logger,
  }) as unknown as Database;
  const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
    // A session lock, held on one connection set aside for it while the work runs on others.
    const holder = await pool.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
      try {
        return await work();
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
      }
    } finally {
      holder.release();
    }
  };
  return {
    db,
    driver: 'postgres',
    migrate: () => exclusively(() => migrateNodePostgres(db as never, { migrationsFolder })),
    exclusively,
    ping: async () => {
      await pool.query('select 1');
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listenForChanges: (listener) => listenOnPostgres(connectionString, pool, ownWrites, listener),
    listenForLiveEvents: (listener) => listenForLiveEventsOnPostgres(connectionString, listener),
    listenForListingChanges: (listener) =>
      listenForListingChangesOnPostgres(connectionString, ownWrites, listener),
    jobQuery: async (text, params) => (await jobPool.query(text, params)).rows,
    close: async () => {
      await Promise.all([pool.end(), jobPool.end()]);
    },
  };
}

/** Dumps a migrated in-memory database so tests can start from it in well under a second. */
export async function dumpEmbeddedDatabase(handle: DatabaseHandle): Promise<Blob> {
  return embeddedClientOf(handle).dumpDataDir('none');
}

/** The PGlite instance under an embedded database's Drizzle handle (for dumps). */
export function embeddedClientOf(handle: DatabaseHandle): PGlite {
  if (handle.driver !== 'pglite') throw new Error('not an embedded database');
  const given = (handle.db as unknown as { $client: PGlite & { [UNDERNEATH]: PGlite } }).$client;
  return given[UNDERNEATH];
}
