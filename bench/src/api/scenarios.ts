import type { Request } from 'autocannon';
import { AREA_MARKETS } from '../../../apps/api/src/seed/listing-facts-generator.ts';
import { seededRandom } from '../../../apps/api/src/seed/seeded-random.ts';
import { BENCH_PASSWORD } from '../data/scale.ts';
import type { LoadOptions } from './load.ts';
import { countsPath, randomSearches, searchPath } from './random-search.ts';

/** What the scenarios need, prepared before the load starts (ids from the database, logins). */
export type Fixtures = {
  /** Public (verified, unsold, listed) listings, in random order. */
  publicListingIds: string[];
  /** Many other public listings, each opened at most once, so never from the cache. */
  unviewedListingIds: string[];
  /** How far first views have got through `unviewedListingIds`, kept across runs. */
  firstViewProgress: { next: number };
  /** Public listings none of the writers has wished or made an open offer on, shuffled. */
  writableListingIds: string[];
  /** Public listings that have reviews. */
  reviewedListingIds: string[];
  /** Session cookies of signed-in users that read; one is picked per request in turn. */
  readerCookies: string[];
  /** Per reader (same order as `readerCookies`), an item of their wishlist. */
  readerWishlistItemIds: string[];
  /** Session cookies of the users doing the write mix. */
  writerCookies: string[];
  /** The app's own origin: every write carries it, as a browser's do (the cross-site guard). */
  origin: string;
  /** The cursor that opens page `deepPage` (20 per page) of the newest-first browse. */
  deepCursor: string;
  deepPage: number;
  /** Location search terms: few, some and many matches. */
  terms: { selective: string; medium: string; broad: string };
  /** A Dhaka calendar date some weeks ahead, for offer deadlines. */
  offerDeadline: string;
  /** Emails to ask a password reset link for: registered and not, in turn. */
  passwordResetEmails: string[];
  /** Per writer (same order as `writerCookies`), a conversation they take part in. */
  writerConversationIds: string[];
  /**
   * How far the write mix has got through the listings, kept across runs: starting over
   * would make a writer wish (and offer on) the same listing twice.
   */
  writeProgress: { next: number };
  /** The mixed scenario's own writable listings and reads (disjoint from the others'). */
  mixedWritableListingIds: string[];
  mixedListingIds: string[];
  /** How far the mixed scenario's writes have got through its listings, kept across runs. */
  mixedWriteProgress: { next: number };
};

/** `sitemap`: a crawler's read of a whole sitemap page (`SITEMAP_SIZES`), with its own target. */
/** `mixed`: reads and writes together, as a marketplace serves them (issue 20). */
export type ScenarioGroup = 'reference' | 'browse' | 'read' | 'sitemap' | 'write' | 'mixed';

export type Scenario = {
  name: string;
  /** What the table shows as the request. */
  request: string;
  group: ScenarioGroup;
  /** Which server it targets: the hello reference or the API. */
  server: 'hello' | 'api';
  /** A throughput target of its own: median req/s at least this many times hello's. */
  minRatioToHello?: number;
  /** Connections, when not the run's `--connections`: a crawler reads one sitemap page at a time. */
  connections?: number;
  /** The shortest run that lets its requests finish (a password change takes two hashes). */
  minimumSeconds?: number;
  /** The run also reads the API's response-cache hits and misses from /api/metrics. */
  reportsCacheHits?: boolean;
  /** The run also times a password hash before and after it (RunFigures.passwordHashMs). */
  timesPasswordHash?: boolean;
  load: (
    fixtures: Fixtures,
  ) => Omit<LoadOptions, 'url' | 'serverPid' | 'connections' | 'durationSeconds'>;
};

export const HELLO_SCENARIO = 'hello (bare Fastify)';
export const PAGE_ONE_SCENARIO = 'browse: page 1';
export const SEND_MESSAGE_SCENARIO = 'send a message';
export const PASSWORD_RESET_SCENARIO = 'ask for a password reset link';
export const PASSWORD_CHANGE_SCENARIO = 'change your password (signed in)';
export const WRITE_MIX_SCENARIO = 'write mix';
export const MIXED_SCENARIO = 'mixed: 95 % reads, 5 % writes';
export const DEEP_PAGE_SCENARIO = 'browse: deep page via cursor';
export const SITEMAP_PAGE_SCENARIO = 'sitemap: a page of listings';
export const SITEMAP_INDEX_SCENARIO = 'sitemap: the index';
export const FILTERED_SEARCH_SCENARIO = 'filtered search, never repeated';
export const SEARCH_COUNTS_SCENARIO = 'search counts, never repeated';
export const SEARCH_SCENARIOS = [
  'search: selective term',
  'search: medium term',
  'search: broad term',
] as const;

/** Round-robin over `items`, shared by every connection (each request takes the next one). */
function turns<T>(items: readonly T[], progress = { next: 0 }): () => T {
  if (items.length === 0) throw new Error('a scenario needs at least one item to rotate over');
  return () => items[progress.next++ % items.length] as T;
}

/**
 * What every browser sends with a read, so the API may compress its answer. (Writes go
 * without it: the write mix reads the bodies it gets back, and autocannon does not inflate.)
 */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * GETs of `paths` with `cookies` in turn, written out in full, so autocannon builds each
 * request once. A request built per send (`setupRequest`) costs the load generator more
 * than a cached answer costs the API: with it, the harness measured its own limit (its
 * process at 93–98 % of a core, the API at 79 %) instead of the API's.
 */
function cycledGets(paths: readonly string[], cookies: readonly string[]): { requests: Request[] } {
  const count = Math.max(paths.length, cookies.length);
  return {
    requests: Array.from({ length: count }, (_, i) => ({
      method: 'GET',
      path: paths[i % paths.length] as string,
      headers: { ...BROWSER_HEADERS, cookie: cookies[i % cookies.length] as string },
    })),
  };
}

/** A GET whose path and cookie change per request: for paths that must not repeat. */
function rotatingGet(path: () => string, cookie: () => string): { requests: Request[] } {
  return {
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({
          ...req,
          path: path(),
          headers: { ...BROWSER_HEADERS, cookie: cookie() },
        }),
      },
    ],
  };
}

/** One drawer per scenario for the whole process, so runs never repeat an earlier search. */
const drawFilteredSearch = randomSearches(19);
const drawCountedSearch = randomSearches(33);

/** Each writer's own thread (same order as `writerCookies`, which `cycledGets` keeps paired). */
const conversationPaths = (f: Fixtures, tail: string) =>
  f.writerConversationIds.map((id) => `/api/v1/conversations/${id}${tail}`);

const search = (term: string) => `/api/v1/listings?location=${encodeURIComponent(term)}`;

export const SCENARIOS: Scenario[] = [
  {
    name: HELLO_SCENARIO,
    request: 'GET /hello',
    group: 'reference',
    server: 'hello',
    load: () => ({ requests: [{ method: 'GET', path: '/hello', headers: BROWSER_HEADERS }] }),
  },
  {
    name: 'home: newest listings',
    request: 'GET /api/v1/listings/latest (public)',
    group: 'read',
    server: 'api',
    load: () => ({
      requests: [{ method: 'GET', path: '/api/v1/listings/latest', headers: BROWSER_HEADERS }],
    }),
  },
  {
    name: PAGE_ONE_SCENARIO,
    request: 'GET /api/v1/listings',
    group: 'browse',
    server: 'api',
    load: (f) => cycledGets(['/api/v1/listings'], f.readerCookies),
  },
  ...SEARCH_SCENARIOS.map(
    (name, index): Scenario => ({
      name,
      request: '',
      group: 'browse',
      server: 'api',
      load: (f) => {
        const term = [f.terms.selective, f.terms.medium, f.terms.broad][index] as string;
        return cycledGets([search(term)], f.readerCookies);
      },
    }),
  ),
  {
    name: 'price window + sort',
    request: 'GET /api/v1/listings?minPrice=20000000&maxPrice=50000000&sort=price_asc',
    group: 'browse',
    server: 'api',
    load: (f) =>
      cycledGets(
        ['/api/v1/listings?minPrice=20000000&maxPrice=50000000&sort=price_asc'],
        f.readerCookies,
      ),
  },
  {
    name: FILTERED_SEARCH_SCENARIO,
    request:
      'GET /api/v1/listings?types=…&minBedrooms=…&minSize=…&maxPrice=…&amenities=…&area=… (a new random combination per request)',
    group: 'browse',
    server: 'api',
    load: (f) => rotatingGet(() => searchPath(drawFilteredSearch()), turns(f.readerCookies)),
  },
  {
    name: SEARCH_COUNTS_SCENARIO,
    request: 'GET /api/v1/listings/counts?… (a new random combination per request)',
    group: 'browse',
    server: 'api',
    load: (f) => rotatingGet(() => countsPath(drawCountedSearch()), turns(f.readerCookies)),
  },
  {
    name: DEEP_PAGE_SCENARIO,
    request: 'GET /api/v1/listings?cursor=…',
    group: 'browse',
    server: 'api',
    load: (f) => cycledGets([`/api/v1/listings?cursor=${f.deepCursor}`], f.readerCookies),
  },
  {
    name: 'listing details',
    request: 'GET /api/v1/listings/:id (1000 ids in turn)',
    group: 'read',
    server: 'api',
    load: (f) =>
      cycledGets(
        f.publicListingIds.map((id) => `/api/v1/listings/${id}`),
        f.readerCookies,
      ),
  },
  {
    name: 'listing details, first view',
    request: 'GET /api/v1/listings/:id (each listing once: never cached)',
    group: 'read',
    server: 'api',
    load: (f) => {
      const id = turns(f.unviewedListingIds, f.firstViewProgress);
      return rotatingGet(() => `/api/v1/listings/${id()}`, turns(f.readerCookies));
    },
  },
  {
    name: "a listing's reviews",
    request: 'GET /api/v1/listings/:id/reviews',
    group: 'read',
    server: 'api',
    load: (f) =>
      cycledGets(
        f.reviewedListingIds.map((id) => `/api/v1/listings/${id}/reviews`),
        f.readerCookies,
      ),
  },
  {
    name: 'your review of a listing (signed in)',
    request: 'GET /api/v1/reviews/mine?listingId=…',
    group: 'read',
    server: 'api',
    // A buyer's details page asks it beside "Add A Review": never cached, one indexed lookup.
    load: (f) =>
      cycledGets(
        f.reviewedListingIds.map((id) => `/api/v1/reviews/mine?listingId=${id}&limit=1`),
        f.readerCookies,
      ),
  },
  {
    name: 'wishlist (signed in)',
    request: 'GET /api/v1/wishlist',
    group: 'read',
    server: 'api',
    load: (f) => cycledGets(['/api/v1/wishlist'], f.readerCookies),
  },
  {
    name: 'a wishlist item (make-offer page)',
    request: 'GET /api/v1/wishlist/:id',
    group: 'read',
    server: 'api',
    // Never cached: the item with its card and the reader's open offer on its listing.
    load: (f) =>
      cycledGets(
        f.readerWishlistItemIds.map((id) => `/api/v1/wishlist/${id}`),
        f.readerCookies,
      ),
  },
  {
    name: 'your sessions (signed in)',
    request: 'GET /api/v1/me/sessions',
    group: 'read',
    server: 'api',
    // Never cached: each answer is one read of the caller's own sessions.
    load: (f) => cycledGets(['/api/v1/me/sessions'], f.readerCookies),
  },
  {
    name: 'your unread notifications (signed in)',
    request: 'GET /api/v1/me/notifications/unread-count',
    group: 'read',
    server: 'api',
    // The bell on every page of a signed-in tab asks for it: never cached, one count.
    load: (f) => cycledGets(['/api/v1/me/notifications/unread-count'], f.readerCookies),
  },
  {
    name: 'your notifications, page 1 (signed in)',
    request: 'GET /api/v1/me/notifications',
    group: 'read',
    server: 'api',
    load: (f) => cycledGets(['/api/v1/me/notifications'], f.readerCookies),
  },
  {
    name: 'payment methods',
    request: 'GET /api/v1/payment-methods (public)',
    group: 'read',
    server: 'api',
    // Asked by every offer's payment page; no database, so what remains is the API's own
    // stack (hooks, headers, serialization): it should run at a large share of hello.
    minRatioToHello: 0.4,
    load: () => ({
      requests: [{ method: 'GET', path: '/api/v1/payment-methods', headers: BROWSER_HEADERS }],
    }),
  },
  {
    name: 'your conversations (signed in)',
    request: 'GET /api/v1/conversations',
    group: 'read',
    server: 'api',
    // Cached per caller since 2026-11-29 (a thread's change forgets them): a tab asking again
    // reads the database once per change, not once per request. Admins' reads are never cached.
    minRatioToHello: 0.1,
    load: (f) => cycledGets(['/api/v1/conversations'], f.writerCookies),
  },
  {
    name: 'a conversation (signed in)',
    request: 'GET /api/v1/conversations/:id (each writer their own)',
    group: 'read',
    server: 'api',
    minRatioToHello: 0.1,
    load: (f) => cycledGets(conversationPaths(f, ''), f.writerCookies),
  },
  {
    name: "a conversation's messages (signed in)",
    request: 'GET /api/v1/conversations/:id/messages (each writer their own)',
    group: 'read',
    server: 'api',
    minRatioToHello: 0.1,
    load: (f) => cycledGets(conversationPaths(f, '/messages'), f.writerCookies),
  },
  {
    name: SITEMAP_PAGE_SCENARIO,
    request:
      'GET /sitemaps/listings.xml?from=<first page> (10 000 URLs, streamed; one crawler, c=1)',
    group: 'sitemap',
    server: 'api',
    connections: 1,
    // The first page starts at the lowest id; the API runs with PUBLIC_LISTINGS=true.
    load: () => ({
      requests: [
        {
          method: 'GET',
          path: `/sitemaps/listings.xml?from=${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`,
          headers: BROWSER_HEADERS,
        },
      ],
    }),
  },
  {
    name: SITEMAP_INDEX_SCENARIO,
    request: 'GET /sitemap.xml (every page of listings with its lastmod; one crawler, c=1)',
    group: 'sitemap',
    server: 'api',
    connections: 1,
    load: () => ({ requests: [{ method: 'GET', path: '/sitemap.xml', headers: BROWSER_HEADERS }] }),
  },
  {
    name: WRITE_MIX_SCENARIO,
    request: 'POST wishlist, DELETE wishlist item, POST wishlist, POST offer',
    group: 'write',
    server: 'api',
    load: writeMix,
  },
  {
    name: MIXED_SCENARIO,
    request:
      'per 20 requests: 19 GETs (browse, search, details of one of 10 000 listings; half signed in) and 1 write (wishlist add, offer, remove, review in turn), c=50',
    group: 'mixed',
    server: 'api',
    connections: 50,
    reportsCacheHits: true,
    load: mixedLoad,
  },
  {
    name: SEND_MESSAGE_SCENARIO,
    request: 'POST /api/v1/conversations/:id/messages',
    group: 'write',
    server: 'api',
    load: sendMessages,
  },
  {
    name: PASSWORD_RESET_SCENARIO,
    request:
      'POST /api/v1/auth/password-reset-requests (a registered email, then an unknown one, in turn; the link emailed to a sink)',
    group: 'write',
    server: 'api',
    load: (f) => ({
      requests: f.passwordResetEmails.map((email) => ({
        method: 'POST',
        path: '/api/v1/auth/password-reset-requests',
        headers: { origin: f.origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      })),
    }),
  },
  {
    name: PASSWORD_CHANGE_SCENARIO,
    request:
      'PUT /api/v1/me/password (the writers in turn, to the same password: a check of the current one and a new hash), c=1',
    group: 'write',
    server: 'api',
    // One person changes their own password at a time: the figure is what they wait,
    // against the machine's own hashing time (TARGETS.passwordChangeOverHashesMs).
    connections: 1,
    minimumSeconds: 2,
    timesPasswordHash: true,
    load: (f) => ({
      requests: f.writerCookies.map((cookie) => ({
        method: 'PUT',
        path: '/api/v1/me/password',
        headers: { cookie, origin: f.origin, 'content-type': 'application/json' },
        body: JSON.stringify({ currentPassword: BENCH_PASSWORD, newPassword: BENCH_PASSWORD }),
      })),
    }),
  },
];

for (const scenario of SCENARIOS) {
  if (scenario.request === '') scenario.request = 'GET /api/v1/listings?location=…';
}

/**
 * Every read scenario's requests taken in turn, one of each per round: the soak's mix, in
 * which each round also opens one listing never viewed before.
 */
export function readMix(fixtures: Fixtures): Request[] {
  const sequences = SCENARIOS.filter((s) => s.group === 'browse' || s.group === 'read').map(
    (s) => s.load(fixtures).requests ?? [],
  );
  const rounds = Math.max(...sequences.map((sequence) => sequence.length));
  return Array.from({ length: rounds }).flatMap((_, round) =>
    sequences.map((sequence) => sequence[round % sequence.length] as Request),
  );
}

type WriteContext = { cookie?: string; itemId?: string; minPrice?: number };

/**
 * Per connection, in a loop: add a listing to the wishlist and remove it again; add
 * another and make an offer on it (which removes it from the wishlist). Every add takes
 * the next listing of a shuffled pool and the next writer, counting on across runs; with a
 * pool size that is not a multiple of the writer count, a user meets the same listing again
 * only after pool × writers adds, so no write runs into "already on your wishlist" or
 * "open offer" (the pool leaves out what the writers had wished or offered on before).
 */
function writeMix(f: Fixtures): { requests: Request[] } {
  const writers = f.writerCookies.length;
  const pool = f.writableListingIds;
  const listing = turns(pool.length % writers === 0 ? pool.slice(0, -1) : pool, f.writeProgress);
  const writer = () => f.writerCookies[f.writeProgress.next % writers] as string;
  const add: Request = {
    method: 'POST',
    path: '/api/v1/wishlist',
    setupRequest: (req, context: WriteContext) => {
      context.cookie = writer();
      context.itemId = undefined;
      const listingId = listing();
      return {
        ...req,
        headers: {
          cookie: context.cookie,
          origin: f.origin,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ listingId }),
      };
    },
    onResponse: (status, body, context: WriteContext) => {
      if (status !== 201) return;
      const item = JSON.parse(body) as { id: string; listing: { price: { min: number } } };
      context.itemId = item.id;
      context.minPrice = item.listing.price.min;
    },
  };
  const remove: Request = {
    method: 'DELETE',
    setupRequest: (req, context: WriteContext) =>
      context.itemId && context.cookie
        ? {
            ...req,
            path: `/api/v1/wishlist/${context.itemId}`,
            headers: { cookie: context.cookie, origin: f.origin },
          }
        : undefined,
  } as Request;
  const offer: Request = {
    method: 'POST',
    setupRequest: (req, context: WriteContext) =>
      context.itemId && context.cookie
        ? {
            ...req,
            path: `/api/v1/wishlist/${context.itemId}/offer`,
            headers: {
              cookie: context.cookie,
              origin: f.origin,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ amount: context.minPrice, deadline: f.offerDeadline }),
          }
        : undefined,
  } as Request;
  return { requests: [add, remove, { ...add }, offer] };
}

/**
 * Each request: the next writer sends a message in their own conversation. The whole send
 * path runs, the per-account counter included; the bench's API allows far more than 20 a
 * minute (MESSAGES_PER_MINUTE), so the figure is the send's cost, not the limiter's 429.
 */
function sendMessages(f: Fixtures): { requests: Request[] } {
  const turn = { next: 0 };
  return {
    requests: f.writerCookies.map(() => ({
      method: 'POST',
      setupRequest: (req) => {
        const writer = turn.next++ % f.writerCookies.length;
        return {
          ...req,
          path: `/api/v1/conversations/${f.writerConversationIds[writer]}/messages`,
          headers: {
            cookie: f.writerCookies[writer] as string,
            origin: f.origin,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ text: 'Is the flat still available? Could I visit on Friday?' }),
        };
      },
    })),
  };
}

/** Sorts a browse or search page may ask for (the API's five, the default first). */
const MIXED_SORTS = [
  '',
  '&sort=price_asc',
  '&sort=price_desc',
  '&sort=price_per_sqft',
  '&sort=size',
];

type MixedWriteContext = {
  cookie?: string;
  itemId?: string;
  minPrice?: number;
  step?: number;
  /** Whether the write just sent was a wishlist add (whose answer is the item to use next). */
  adding?: boolean;
};

/**
 * 95 % reads and 5 % writes, c=50 (issue 20): each connection sends 19 reads, then 1 write,
 * and again. A read is, at random (seeded): browse page 1 in one of five sorts (25 %), a
 * search of one area in one of five sorts (35 %), or one of 10 000 listings' details (40 %),
 * half of them signed in (a reader's cookie) and half as a visitor (the API runs with
 * PUBLIC_LISTINGS). The writes of a connection take turns: add a listing to the wishlist,
 * make an offer on it (which removes it from the wishlist), add another, remove it, review a
 * listing. Every add and review takes the next listing of its own pool and the next writer,
 * so every write is valid: nobody wishes, offers on or reviews a listing twice (the pool
 * leaves out what the writers had wished, offered on or reviewed before).
 */
function mixedLoad(f: Fixtures): { requests: Request[] } {
  const random = seededRandom(20);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const areas = AREA_MARKETS.map((market) => market.area);
  const readPath = (): string => {
    const kind = random();
    if (kind < 0.25) return `/api/v1/listings?limit=20${pick(MIXED_SORTS)}`;
    if (kind < 0.6) return `/api/v1/listings?area=${pick(areas)}${pick(MIXED_SORTS)}`;
    return `/api/v1/listings/${pick(f.mixedListingIds)}`;
  };
  const reader = turns(f.readerCookies);
  const read: Request = {
    method: 'GET',
    setupRequest: (req) => ({
      ...req,
      path: readPath(),
      headers: random() < 0.5 ? { ...BROWSER_HEADERS, cookie: reader() } : BROWSER_HEADERS,
    }),
  };

  const writers = f.writerCookies.length;
  const pool = f.mixedWritableListingIds;
  const progress = f.mixedWriteProgress;
  const listing = turns(pool.length % writers === 0 ? pool.slice(0, -1) : pool, progress);
  const nextPair = () => {
    const cookie = f.writerCookies[progress.next % writers] as string;
    return { cookie, listingId: listing() };
  };
  const json = (cookie: string) => ({
    cookie,
    origin: f.origin,
    'content-type': 'application/json',
  });
  const write: Request = {
    method: 'POST',
    setupRequest: (req, context: MixedWriteContext) => {
      const step = context.step ?? 0;
      context.step = (step + 1) % 5;
      const item = context.itemId && context.cookie ? context.itemId : undefined;
      context.itemId = undefined;
      context.adding = false;
      if (step === 1 && item) {
        return {
          ...req,
          method: 'POST',
          path: `/api/v1/wishlist/${item}/offer`,
          headers: json(context.cookie as string),
          body: JSON.stringify({ amount: context.minPrice, deadline: f.offerDeadline }),
        };
      }
      if (step === 3 && item) {
        return {
          ...req,
          method: 'DELETE',
          path: `/api/v1/wishlist/${item}`,
          headers: { cookie: context.cookie as string, origin: f.origin },
          body: undefined,
        };
      }
      const { cookie, listingId } = nextPair();
      context.cookie = cookie;
      if (step === 4 || step === 1 || step === 3) {
        // Step 4, or an offer or removal whose add did not go through: a review.
        return {
          ...req,
          method: 'POST',
          path: `/api/v1/listings/${listingId}/reviews`,
          headers: json(cookie),
          body: JSON.stringify({ rating: 1 + (progress.next % 5), text: 'Visited on Friday.' }),
        };
      }
      context.adding = true;
      return {
        ...req,
        method: 'POST',
        path: '/api/v1/wishlist',
        headers: json(cookie),
        body: JSON.stringify({ listingId }),
      };
    },
    onResponse: (status, body, context: MixedWriteContext) => {
      if (status !== 201 || !context.adding) return;
      const answer = JSON.parse(body) as { id: string; listing: { price: { min: number } } };
      context.itemId = answer.id;
      context.minPrice = answer.listing.price.min;
    },
  } as Request;
  return { requests: [...Array.from({ length: 19 }, () => ({ ...read })), write] };
}
