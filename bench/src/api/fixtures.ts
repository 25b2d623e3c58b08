import { sql } from 'drizzle-orm';
import type { Database } from '../../../apps/api/src/db/client.ts';
import { OFFER_EXPIRY_JOB } from '../../../apps/api/src/modules/offers/offer-expiry.job.ts';
import { BENCH_EMAIL_DOMAIN, BENCH_PASSWORD } from '../data/scale.ts';
import type { Fixtures } from './scenarios.ts';

/** Ids and accounts read from the database before the API server opens it. */
export type DatabaseFixtures = {
  publicListingIds: string[];
  /** Other public listings, many, each opened once at most (first views, never cached). */
  unviewedListingIds: string[];
  /** Public listings none of the writers has wished or made an open offer on. */
  writableListingIds: string[];
  /**
   * For the mixed scenario's writes: other public listings none of the writers has wished,
   * made an open offer on or reviewed (disjoint from `writableListingIds`).
   */
  mixedWritableListingIds: string[];
  /** For the mixed scenario's details reads: public listings no other scenario opens. */
  mixedListingIds: string[];
  reviewedListingIds: string[];
  readerEmails: string[];
  writerEmails: string[];
};

/** Signed-in readers (one per connection at c=10) and writers (19, not 20: see the write mix). */
export const DEFAULT_ACCOUNTS = { readers: 10, writers: 19 };
const PUBLIC = `status = 'verified' AND sold_at IS NULL AND delisted_at IS NULL`;

async function column(db: Database, text: string): Promise<string[]> {
  const result = (await db.execute(sql.raw(text))) as unknown as { rows: { value: string }[] };
  return result.rows.map((row) => row.value);
}

export async function readDatabaseFixtures(
  db: Database,
  accounts = DEFAULT_ACCOUNTS,
): Promise<DatabaseFixtures> {
  const { readers, writers: writerCount } = accounts;
  const users = await column(
    db,
    `SELECT email AS value FROM users
     WHERE role = 'user' AND email LIKE '%@${BENCH_EMAIL_DOMAIN}'
     ORDER BY random() LIMIT ${readers + writerCount}`,
  );
  if (users.length < readers + writerCount) throw new Error('not enough generated users to log in');
  const writerEmails = users.slice(readers);
  const writers = `SELECT id FROM users WHERE email IN (${writerEmails.map((e) => `'${e}'`).join(',')})`;
  const publicIds = await column(
    db,
    `SELECT id::text AS value FROM listings WHERE ${PUBLIC} ORDER BY random() LIMIT 211000`,
  );
  // Three disjoint sets: 1000 viewed again and again, up to 10 000 for the mixed scenario's
  // details, the rest (up to 200 000) once each.
  const viewedAgain = Math.min(1000, Math.ceil(publicIds.length / 3));
  const mixed = Math.min(10_000, Math.ceil(publicIds.length / 3));
  // Wished, offered on or reviewed by none of the writers: the write mix takes one half, the
  // mixed scenario (which also reviews) the other.
  const writable = await column(
    db,
    `SELECT id::text AS value FROM listings
     WHERE ${PUBLIC}
       AND id NOT IN (SELECT listing_id FROM wishlist_items WHERE user_id IN (${writers}))
       AND id NOT IN (SELECT listing_id FROM offers
                      WHERE buyer_id IN (${writers}) AND status IN ('pending', 'accepted'))
       AND id NOT IN (SELECT listing_id FROM reviews WHERE reviewer_id IN (${writers}))
     ORDER BY random() LIMIT 100000`,
  );
  const half = Math.ceil(writable.length / 2);
  return {
    publicListingIds: publicIds.slice(0, viewedAgain),
    mixedListingIds: publicIds.slice(viewedAgain, viewedAgain + mixed),
    unviewedListingIds: publicIds.slice(viewedAgain + mixed),
    writableListingIds: writable.slice(0, half),
    mixedWritableListingIds: writable.slice(half),
    reviewedListingIds: await column(
      db,
      `SELECT DISTINCT p.id::text AS value FROM reviews r JOIN listings p ON p.id = r.listing_id
       WHERE p.${PUBLIC.replaceAll(' AND ', ' AND p.')} LIMIT 1000`,
    ),
    readerEmails: users.slice(0, readers),
    writerEmails,
  };
}

/** Logs in through the real endpoint and returns the session cookie. */
export async function logIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.includes('session_token='));
  if (!response.ok || !cookie) {
    throw new Error(`login as ${email} failed: ${response.status} ${await response.text()}`);
  }
  return cookie;
}

/**
 * Follows the newest-first browse through the API, 100 rows a request, to the cursor that
 * opens page `page` of 20: the same cursor a user paging one by one would hold there.
 * Stops earlier on small data sets and says which page it reached.
 */
export async function findDeepCursor(
  baseUrl: string,
  cookie: string,
  page: number,
): Promise<{ cursor: string; page: number }> {
  const rowsBefore = (page - 1) * 20;
  let cursor: string | null = null;
  let seen = 0;
  let lastGood = { cursor: '', page: 1 };
  while (seen < rowsBefore) {
    const limit = Math.min(100, rowsBefore - seen);
    const query: string = cursor ? `&cursor=${cursor}` : '';
    const response = await fetch(`${baseUrl}/api/v1/listings?limit=${limit}${query}`, {
      headers: { cookie },
    });
    if (!response.ok) throw new Error(`paging failed: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { items: unknown[]; nextCursor: string | null };
    seen += body.items.length;
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
    // Only a cursor that ends on a page boundary opens a whole page of 20.
    if (seen % 20 === 0) lastGood = { cursor, page: seen / 20 + 1 };
  }
  if (!lastGood.cursor) throw new Error('too few listings to page through');
  return lastGood;
}

export async function prepareFixtures(
  baseUrl: string,
  fromDatabase: DatabaseFixtures,
  options: { deepPage: number; terms: Fixtures['terms'] },
): Promise<Fixtures> {
  // In parallel: password hashing runs on libuv's pool, so both cores work.
  const [readerCookies, writerCookies] = await Promise.all([
    Promise.all(fromDatabase.readerEmails.map((email) => logIn(baseUrl, email))),
    Promise.all(fromDatabase.writerEmails.map((email) => logIn(baseUrl, email))),
  ]);
  const deep = await findDeepCursor(baseUrl, readerCookies[0] as string, options.deepPage);
  const readerWishlistItemIds = await Promise.all(
    readerCookies.map((cookie, i) =>
      wishlistItemOf(baseUrl, cookie, fromDatabase.unviewedListingIds.at(-1 - i) as string),
    ),
  );
  // Each writer asks about a listing of its own, so the messages go to many agents as a
  // marketplace's do, not all to the one agent of the first listing.
  const { publicListingIds } = fromDatabase;
  const writerConversationIds = await Promise.all(
    writerCookies.map((cookie, i) =>
      startConversation(baseUrl, cookie, publicListingIds[i % publicListingIds.length] as string),
    ),
  );
  return {
    publicListingIds: fromDatabase.publicListingIds,
    unviewedListingIds: fromDatabase.unviewedListingIds,
    firstViewProgress: { next: 0 },
    writableListingIds: fromDatabase.writableListingIds,
    mixedWritableListingIds: fromDatabase.mixedWritableListingIds,
    mixedListingIds: fromDatabase.mixedListingIds,
    mixedWriteProgress: { next: 0 },
    reviewedListingIds: fromDatabase.reviewedListingIds,
    readerCookies,
    readerWishlistItemIds,
    writerCookies,
    writerConversationIds,
    // Half the readers' (each gets a link by email), half nobody's (the same answer, no email).
    passwordResetEmails: fromDatabase.readerEmails.flatMap((email, i) => [
      email,
      `nobody-${i}@${BENCH_EMAIL_DOMAIN}`,
    ]),
    origin: baseUrl,
    deepCursor: deep.cursor,
    deepPage: deep.page,
    terms: options.terms,
    offerDeadline: dhakaDateInDays(30),
    writeProgress: { next: 0 },
  };
}

/** The writer's thread on a listing (the same one on every run: one per user and listing). */
async function startConversation(baseUrl: string, cookie: string, listingId: string) {
  const response = await fetch(`${baseUrl}/api/v1/conversations`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ listingId }),
  });
  if (!response.ok) {
    throw new Error(`starting a conversation failed: ${response.status} ${await response.text()}`);
  }
  return ((await response.json()) as { id: string }).id;
}

/**
 * The id of a wishlist item of the signed-in user: their newest, or one made now of
 * `listingId` when they have none (a later run finds it).
 */
async function wishlistItemOf(baseUrl: string, cookie: string, listingId: string) {
  const listed = await fetch(`${baseUrl}/api/v1/wishlist?limit=1`, { headers: { cookie } });
  if (!listed.ok)
    throw new Error(`reading a wishlist failed: ${listed.status} ${await listed.text()}`);
  const newest = ((await listed.json()) as { items: { id: string }[] }).items[0];
  if (newest) return newest.id;
  const added = await fetch(`${baseUrl}/api/v1/wishlist`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ listingId }),
  });
  if (!added.ok) throw new Error(`wishing a listing failed: ${added.status} ${await added.text()}`);
  return ((await added.json()) as { id: string }).id;
}

function dhakaDateInDays(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(date);
}

/**
 * Empties the job queue earlier runs left behind (emails, reset links, saved-search
 * matches a runner had not reached when their API stopped), so this run's API does not spend
 * the measured seconds on them. Finished jobs go too; the recurring ones are scheduled again
 * by the API's runner as it starts, and offers' expiries stay. Returns how many were waiting.
 */
export async function forgetLeftoverJobs(db: Database): Promise<number> {
  const result = (await db.execute(
    sql`delete from jobs where completed_at is not null or name <> ${OFFER_EXPIRY_JOB}
        returning completed_at is null as waiting`,
  )) as unknown as { rows: { waiting: boolean }[] };
  return result.rows.filter((row) => row.waiting).length;
}
