import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing } from '../../db/schema.ts';
import { isPublicListing } from './listing-visibility.ts';

/** A sitemap holds 50 000 URLs at most (sitemaps.org). */
export const SITEMAP_LISTINGS_MAX = 50_000;

/**
 * How many listings a sitemap page holds, and how many rows each query reads while it
 * streams (memory stays at one batch). Smaller only in tests.
 */
export type SitemapSizes = { perPage: number; batch: number };
export const SITEMAP_SIZES: SitemapSizes = { perPage: SITEMAP_LISTINGS_MAX, batch: 5_000 };

export type SitemapPageBounds = { firstId: string; lastModified: Date };

/**
 * Where each sitemap page of public listings starts (by id) and when its newest listing
 * changed. One pass over the public listings' ids, for the sitemap index a crawler reads
 * once before the pages.
 */
export async function listingSitemapPages(
  db: Database,
  { perPage } = SITEMAP_SIZES,
): Promise<SitemapPageBounds[]> {
  const numbered = db
    .select({
      id: listing.id,
      updatedAt: listing.updatedAt,
      page: sql<number>`(row_number() over (order by ${listing.id}) - 1) / ${perPage}`.as('page'),
    })
    .from(listing)
    .where(isPublicListing())
    .as('numbered');
  const rows = await db
    .select({
      firstId: sql<string>`min(${numbered.id}::text)`,
      lastModified: sql<Date>`max(${numbered.updatedAt})`.mapWith(listing.updatedAt),
    })
    .from(numbered)
    .groupBy(numbered.page)
    .orderBy(numbered.page);
  return rows;
}

/**
 * The `<url>` entries of one sitemap page: the public listings from `firstId` on in id
 * order, at most `perPage`, read in keyset batches (id after the last one read), so a page of
 * 50 000 never sits in memory at once and the response is written a batch at a time.
 *
 * PostgreSQL writes each batch's XML itself, as one text (`string_agg`): a batch costs one
 * row to send and parse instead of `batch` rows of an id and a timestamp, each then turned
 * into a Date and back into text, and one string per batch in this process. The entries are
 * aggregated in no particular order (a sitemap's order means nothing, and sorting them cost
 * the aggregate most of its time); the batch is still the next `batch` ids, and the keyset
 * goes on from its largest, compared as uuids. Only `locPrefix` (an absolute URL up to the
 * id, already escaped for XML) comes from the caller; the ids are uuids and `lastmod` is
 * written as `Date.toISOString()` writes it (UTC, milliseconds, truncated as the drivers
 * truncate microseconds), so nothing else needs escaping. The keyset read is an index-only
 * scan of `listings_public_sitemap_idx`.
 */
export async function* sitemapUrlBatches(
  db: Database,
  firstId: string,
  locPrefix: string,
  { perPage, batch } = SITEMAP_SIZES,
): AsyncGenerator<string> {
  let left = perPage;
  let after: string | undefined;
  while (left > 0) {
    const size = Math.min(batch, left);
    const start = after ? sql`${listing.id} > ${after}` : sql`${listing.id} >= ${firstId}`;
    const result = (await db.execute(sql`
      with batch as (
        select ${listing.id} as id, ${listing.updatedAt} as updated_at
        from ${listing}
        where ${isPublicListing()} and ${start}
        order by ${listing.id}
        limit ${size}
      )
      select
        (select string_agg(
           '<url><loc>' || ${locPrefix}::text || id::text || '</loc><lastmod>'
             || to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
             || '</lastmod></url>',
           '') from batch) as urls,
        (select count(*) from batch)::int as count,
        (select id from batch order by id desc limit 1)::text as last_id`)) as unknown as {
      rows: Array<{ urls: string | null; count: number; last_id: string | null }>;
    };
    const row = result.rows[0];
    if (!row || row.count === 0 || row.urls === null || row.last_id === null) return;
    yield row.urls;
    left -= row.count;
    if (row.count < size) return;
    after = row.last_id;
  }
}
