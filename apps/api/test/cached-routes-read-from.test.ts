import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { fillPlaceholders } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessage, conversation, review, wishlistItem } from '../src/db/schema.ts';
import {
  listingFactsQuery,
  listingsQuery,
  publicListingFactsQuery,
  publicListingsQuery,
} from '../src/modules/listings/search-index/listing-facts-loader.ts';
import type { AnnouncedTable } from '../src/performance/data-versions.ts';
import { createListing } from './factories.ts';
import { createAccount, createTestApp, type TestAccount, type TestApp } from './test-app.ts';

/**
 * A cached answer is kept until a table in its route's `readFrom` changes (ADR 6), so a
 * table the route reads but does not list would leave stale answers in the cache. Which
 * tables a route reads is taken from the statements its handler really runs, as PostgreSQL
 * plans them (every scanned relation of `EXPLAIN`), not from a list written by hand.
 */

type Statement = { query: string; params: unknown[] };
type Fixture = { t: TestApp; user: TestAccount; listingId: string; conversationId: string };
type Call = { url: string; cookie?: string };

/**
 * Every cached route with the requests that exercise it as a caller who gets 200 (and whose
 * answer is cached). A cached route missing here fails the last test.
 */
const CALLS: Record<string, (fx: Fixture) => Call[]> = {
  'GET /api/v1/listings': (fx) => [
    { url: '/api/v1/listings', cookie: fx.user.cookie },
    {
      url: '/api/v1/listings?location=Gulshan&minPrice=1000&maxPrice=9000&sort=price_asc',
      cookie: fx.user.cookie,
    },
    {
      url: '/api/v1/listings?area=gulshan&types=apartment&minBedrooms=3&minSize=1200&amenities=lift&sort=price_per_sqft',
      cookie: fx.user.cookie,
    },
  ],
  'GET /api/v1/listings/counts': (fx) => [
    { url: '/api/v1/listings/counts', cookie: fx.user.cookie },
    {
      url: '/api/v1/listings/counts?location=গুলশান&types=apartment&minBedrooms=3&amenities=lift&minSize=1200&maxSize=1800',
      cookie: fx.user.cookie,
    },
  ],
  'GET /api/v1/listings/latest': () => [{ url: '/api/v1/listings/latest' }],
  'GET /api/v1/listings/:id': (fx) => [
    { url: `/api/v1/listings/${fx.listingId}`, cookie: fx.user.cookie },
  ],
  'GET /api/v1/listings/:id/reviews': (fx) => [
    { url: `/api/v1/listings/${fx.listingId}/reviews`, cookie: fx.user.cookie },
  ],
  'GET /api/v1/reviews/featured': () => [{ url: '/api/v1/reviews/featured' }],
  'GET /api/v1/payment-methods': () => [{ url: '/api/v1/payment-methods' }],
  'GET /api/v1/wishlist': (fx) => [{ url: '/api/v1/wishlist', cookie: fx.user.cookie }],
  'GET /api/v1/conversations': (fx) => [{ url: '/api/v1/conversations', cookie: fx.user.cookie }],
  'GET /api/v1/conversations/:id': (fx) => [
    { url: `/api/v1/conversations/${fx.conversationId}`, cookie: fx.user.cookie },
  ],
  'GET /api/v1/conversations/:id/messages': (fx) => [
    { url: `/api/v1/conversations/${fx.conversationId}/messages`, cookie: fx.user.cookie },
  ],
  // The app runs with PUBLIC_LISTINGS, so the index reads the listings it pages.
  'GET /sitemap.xml': () => [{ url: '/sitemap.xml' }],
};

/**
 * Routes answered from the public listings in memory (ADR 33), read by statements of their
 * own, mostly outside any request: those statements count as theirs. On the embedded
 * database memory keeps each listing's facts and card and answers both routes (the counts
 * use nothing of the cards' agent, `unused`); on PostgreSQL it keeps the facts alone and
 * answers both, a page reading its cards by id in the handler.
 */
function memoryStatements(
  t: TestApp,
  route: string,
): { statements: Statement[]; unused: string[] } {
  const db = t.database.db;
  const withCards = t.database.driver === 'pglite';
  const byIds = { ids: [randomUUID()] };
  const cards = [publicListingsQuery(db), listingsQuery(db)];
  const facts = [publicListingFactsQuery(db, randomUUID(), 1), listingFactsQuery(db)];
  const read = (queries: { toSQL(): { sql: string; params: unknown[] } }[]) =>
    queries
      .map((query) => query.toSQL())
      .map(({ sql, params }) => ({ query: sql, params: fillPlaceholders(params, byIds) }));
  const answers = route === 'GET /api/v1/listings' || route === 'GET /api/v1/listings/counts';
  if (!answers) return { statements: [], unused: [] };
  if (!withCards) return { statements: read(facts), unused: [] };
  return { statements: read(cards), unused: route === 'GET /api/v1/listings' ? [] : ['users'] };
}

/** The statements run inside the handler of the request being served (not its session read). */
const handlerStatements = new AsyncLocalStorage<Statement[]>();
const readFromOf = new Map<string, readonly AnnouncedTable[]>();

/** Wraps each cached route's handler so what it runs is captured, and notes its policy. */
function watchCachedRoute(route: RouteOptions): void {
  const policy = route.config?.cache;
  if (!policy) return;
  // HEAD answers are Fastify's copies of the GETs': the same handler, read the same way.
  for (const method of [route.method].flat()) {
    if (method !== 'HEAD') readFromOf.set(`${method} ${route.url}`, policy.readFrom);
  }
  const handler = route.handler;
  route.handler = function (request, reply) {
    const route = `${request.method} ${request.routeOptions.url}`;
    return handlerStatements.run(statementsOf(route), () => handler.call(this, request, reply));
  };
}

/** The statements each cached route's handler ran so far, by `METHOD /url` as registered. */
const captured = new Map<string, Statement[]>();
function statementsOf(route: string): Statement[] {
  let statements = captured.get(route);
  if (!statements) {
    statements = [];
    captured.set(route, statements);
  }
  return statements;
}

type PlanNode = { 'Relation Name'?: string; [key: string]: unknown };

/**
 * Every relation a plan scans, at any depth (joins, subplans, CTEs, init plans); index scans
 * name their table too. A table read inside a SQL function would not show: no cached route
 * calls one.
 */
function relationsIn(node: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) relationsIn(item, found);
  else if (node && typeof node === 'object') {
    const relation = (node as PlanNode)['Relation Name'];
    if (relation) found.add(relation);
    for (const value of Object.values(node)) relationsIn(value, found);
  }
  return found;
}

type RawClient = { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };

/** The tables PostgreSQL would read to run a statement. */
async function tablesReadBy(t: TestApp, statement: Statement): Promise<Set<string>> {
  const client = (t.database.db as unknown as { $client: RawClient }).$client;
  const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${statement.query}`, statement.params);
  const [row] = rows as Record<string, unknown>[];
  const plan = row?.['QUERY PLAN'];
  return relationsIn(typeof plan === 'string' ? JSON.parse(plan) : plan, new Set());
}

describe('cached routes list every table they read', () => {
  let fx: Fixture;

  beforeAll(async () => {
    const t = await createTestApp(
      { PUBLIC_LISTINGS: 'true' },
      {
        onRoute: watchCachedRoute,
        logger: {
          logQuery: (query, params) => handlerStatements.getStore()?.push({ query, params }),
        },
      },
    );
    const [user, agent] = await Promise.all([createAccount(t, 'user'), createAccount(t, 'agent')]);
    const listingId = await createListing(t, agent);
    await t.database.db.insert(review).values({
      listingId,
      reviewerId: user.id,
      rating: 5,
      text: 'Lovely',
      featuredAt: new Date(),
    });
    await t.database.db.insert(wishlistItem).values({ userId: user.id, listingId });
    const [thread] = await t.database.db
      .insert(conversation)
      .values({ listingId, buyerId: user.id, agentId: agent.id })
      .returning({ id: conversation.id });
    if (!thread) throw new Error('no conversation');
    await t.database.db
      .insert(chatMessage)
      .values({ conversationId: thread.id, senderId: agent.id, body: 'Still available' });
    fx = { t, user, listingId, conversationId: thread.id };
  });
  afterAll(() => fx?.t.close());

  it.each(Object.keys(CALLS))('%s', async (route) => {
    const readFrom = readFromOf.get(route);
    expect(readFrom, `${route} is not a cached route`).toBeDefined();
    for (const call of CALLS[route]?.(fx) ?? []) {
      const response = await fx.t.app.inject({
        url: call.url,
        headers: call.cookie ? { cookie: call.cookie } : {},
      });
      expect(response.statusCode, `${call.url}: ${response.body}`).toBe(200);
    }
    const statements = captured.get(route) ?? [];
    const { statements: fromMemory, unused } = memoryStatements(fx.t, route);
    // A route that reads no table (its answer is the configuration) must run no statement.
    if (readFrom?.length === 0) expect(statements, `${route} reads no table`).toEqual([]);
    else {
      expect(
        statements.length + fromMemory.length,
        `${route} ran no statement in its handler`,
      ).toBeGreaterThan(0);
    }
    const read = new Set<string>();
    for (const statement of statements) {
      for (const table of await tablesReadBy(fx.t, statement)) read.add(table);
    }
    for (const statement of fromMemory) {
      for (const table of await tablesReadBy(fx.t, statement)) {
        if (!unused.includes(table)) read.add(table);
      }
    }
    const unlisted = [...read].filter((table) => !readFrom?.includes(table as AnnouncedTable));
    expect(unlisted, `${route} reads ${[...read]} but its readFrom is ${readFrom}`).toEqual([]);
  });

  it('has a request for every cached route', () => {
    expect([...readFromOf.keys()].sort()).toEqual(Object.keys(CALLS).sort());
  });
});
