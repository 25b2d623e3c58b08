import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../test/factories.ts';
import { handlerStatements } from '../../test/handler-statements.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../test/test-app.ts';
import { listing } from '../db/schema.ts';
import {
  SITEMAP_LISTINGS_MAX,
  SITEMAP_SIZES,
} from '../modules/listings/listing-sitemap.repository.ts';
import { sitemapRoutes } from './sitemap.routes.ts';

// What a search engine reads before it crawls: robots.txt, then the sitemap index and its
// pages. Listings are listed only when visitors may open them (PUBLIC_LISTINGS=true).

const ORIGIN = 'https://basha.example';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
let closed: TestApp;
let open: TestApp;
const openStatements = handlerStatements();

beforeAll(async () => {
  closed = await createTestApp({ PUBLIC_URL: ORIGIN });
  open = await createTestApp({ PUBLIC_URL: ORIGIN, PUBLIC_LISTINGS: 'true' }, openStatements.deps);
});
afterAll(async () => {
  await closed?.close();
  await open?.close();
});

async function fetchText(app: FastifyInstance, url: string) {
  const response = await app.inject({ method: 'GET', url });
  return {
    status: response.statusCode,
    type: response.headers['content-type'],
    body: response.body,
  };
}

/**
 * The XML parsed by a real parser, checked against the sitemaps.org structure: the root
 * element in the sitemap namespace, each entry one `loc` (absolute, on this site) and at most
 * one `lastmod` (W3C datetime), nothing else.
 */
async function sitemapOf(app: FastifyInstance, url: string, root: 'sitemapindex' | 'urlset') {
  const { status, type, body } = await fetchText(app, url);
  expect(status).toBe(200);
  expect(type).toMatch(/^application\/xml/);
  const document = new new JSDOM('').window.DOMParser().parseFromString(body, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  const top = document.documentElement;
  expect([top.localName, top.namespaceURI]).toEqual([root, NS]);
  const entryName = root === 'sitemapindex' ? 'sitemap' : 'url';
  const entries = [...top.children].map((entry) => {
    expect([entry.localName, entry.namespaceURI]).toEqual([entryName, NS]);
    const names = [...entry.children].map((child) => child.localName);
    expect(names.filter((name) => name === 'loc')).toHaveLength(1);
    expect(names.every((name) => name === 'loc' || name === 'lastmod')).toBe(true);
    const loc = entry.getElementsByTagName('loc')[0]?.textContent ?? '';
    const lastmod = entry.getElementsByTagName('lastmod')[0]?.textContent ?? undefined;
    expect(loc.startsWith(`${ORIGIN}/`)).toBe(true);
    if (lastmod !== undefined) {
      expect(lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    }
    return { loc, lastmod };
  });
  expect(entries.length).toBeLessThanOrEqual(SITEMAP_LISTINGS_MAX);
  return entries;
}

const pathOf = (loc: string) => loc.slice(ORIGIN.length);

describe('with PUBLIC_LISTINGS=false (the default)', () => {
  let verified: string;
  beforeAll(async () => {
    verified = await createListing(closed, await createAccount(closed, 'agent'));
  });

  it('robots.txt points to the sitemap and says listings are not public', async () => {
    const { status, body } = await fetchText(closed.app, '/robots.txt');
    expect(status).toBe(200);
    expect(body.split('\n')).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Disallow: /dashboard/',
        'Disallow: /allproperties',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
      ]),
    );
    expect(body).toContain('PUBLIC_LISTINGS=false');
  });

  it('the sitemap lists only the public pages: home and about', async () => {
    const index = await sitemapOf(closed.app, '/sitemap.xml', 'sitemapindex');
    expect(index.map(({ loc }) => pathOf(loc))).toEqual(['/sitemaps/pages.xml']);
    const pages = await sitemapOf(closed.app, '/sitemaps/pages.xml', 'urlset');
    expect(pages.map(({ loc }) => pathOf(loc))).toEqual(['/', '/about-us']);
    const listings = await fetchText(closed.app, `/sitemaps/listings.xml?from=${verified}`);
    expect(listings.status).toBe(404);
  });
});

describe('with PUBLIC_LISTINGS=true', () => {
  let agent: TestAccount;
  let small: FastifyInstance;
  const hidden: string[] = [];
  const PUBLIC_COUNT = 25;

  beforeAll(async () => {
    agent = await createAccount(open, 'agent');
    hidden.push(
      await createListing(open, agent, { status: 'pending' }),
      await createListing(open, agent, { status: 'rejected' }),
      await createListing(open, agent, { soldAt: new Date() }),
      await createListing(open, agent, { delistedAt: new Date() }),
    );
    await open.database.db.execute(sql`
      insert into ${listing} (agent_id, title, location, description, photo_key, photo_width, photo_height, price_min, price_max, status)
      select ${agent.id}, 'Bulk flat ' || n, 'Mirpur, Dhaka', 'A flat.', 'listing-photos/bulk-' || n, 1200, 800, 5000, 5100, 'verified'
      from generate_series(1, ${PUBLIC_COUNT}) as n`);
    // The same routes on the same database, with pages of 10 read 3 rows at a time, so a
    // test can see pages fill, split and stream in batches without thousands of rows.
    small = Fastify();
    await small.register(sitemapRoutes, {
      db: open.database.db,
      publicUrl: ORIGIN,
      publicListings: true,
      sizes: { perPage: 10, batch: 3 },
    });
  });
  afterAll(async () => {
    await small.close();
  });

  it('robots.txt lets crawlers into listings and points to the sitemap', async () => {
    const { body } = await fetchText(open.app, '/robots.txt');
    expect(body).not.toContain('Disallow: /allproperties');
    expect(body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('lists every public listing once, in full pages, and no other listing', async () => {
    for (const [app, perPage] of [
      [open.app, SITEMAP_SIZES.perPage],
      [small, 10],
    ] as const) {
      const index = await sitemapOf(app, '/sitemap.xml', 'sitemapindex');
      expect(pathOf(index[0]?.loc ?? '')).toBe('/sitemaps/pages.xml');
      const pages = await sitemapOf(app, '/sitemaps/pages.xml', 'urlset');
      expect(pages.map(({ loc }) => pathOf(loc))).toContain('/allproperties');

      const listingPages = index.slice(1);
      expect(listingPages).toHaveLength(Math.ceil(PUBLIC_COUNT / perPage));
      const seen = new Set<string>();
      for (const [number, page] of listingPages.entries()) {
        expect(page.lastmod).toBeDefined();
        const urls = await sitemapOf(app, pathOf(page.loc), 'urlset');
        const last = number === listingPages.length - 1;
        expect(urls).toHaveLength(last ? PUBLIC_COUNT - perPage * number : perPage);
        for (const { loc, lastmod } of urls) {
          expect(pathOf(loc)).toMatch(/^\/propertyDetails\/[0-9a-f-]{36}$/);
          expect(lastmod).toBeDefined();
          seen.add(loc);
        }
      }
      expect(seen.size).toBe(PUBLIC_COUNT);
      for (const id of hidden) expect(seen.has(`${ORIGIN}/propertyDetails/${id}`)).toBe(false);
    }
  });

  it("gives each listing its own lastmod, as the API writes the listing's updatedAt", async () => {
    // Microseconds, which PostgreSQL keeps and a JavaScript Date drops: the page (written by
    // PostgreSQL) must say what the API says elsewhere (truncated to milliseconds).
    await open.database.db.execute(sql`
      update ${listing} set updated_at = '2026-03-04 05:06:07.891999+00'
      where id = (select id from ${listing} where title = 'Bulk flat 7')`);
    const rows = await open.database.db
      .select({ id: listing.id, updatedAt: listing.updatedAt })
      .from(listing);
    const updatedAtOf = new Map(rows.map(({ id, updatedAt }) => [id, updatedAt.toISOString()]));
    expect([...updatedAtOf.values()]).toContain('2026-03-04T05:06:07.891Z');
    const index = await sitemapOf(small, '/sitemap.xml', 'sitemapindex');
    let checked = 0;
    for (const page of index.slice(1)) {
      for (const { loc, lastmod } of await sitemapOf(small, pathOf(page.loc), 'urlset')) {
        const id = pathOf(loc).slice('/propertyDetails/'.length);
        expect([id, lastmod]).toEqual([id, updatedAtOf.get(id)]);
        checked += 1;
      }
    }
    expect(checked).toBe(PUBLIC_COUNT);
  });

  it('answers the index again without reading the listings, until a listing changes', async () => {
    const before = await sitemapOf(open.app, '/sitemap.xml', 'sitemapindex');
    const added = await createListing(open, agent);
    // On PostgreSQL the write's announcement also reaches the change feed's own connection a
    // moment later and empties the cached index again: let it arrive before the index is
    // read and cached, or the read below that must come from the cache may not.
    await open.app.caches.caughtUp();
    const [{ updatedAt } = { updatedAt: new Date(0) }] = await open.database.db
      .select({ updatedAt: listing.updatedAt })
      .from(listing)
      .where(sql`${listing.id} = ${added}`);
    const after = await sitemapOf(open.app, '/sitemap.xml', 'sitemapindex');
    expect(openStatements.lastRequest().length).toBeGreaterThan(0);
    expect(after).not.toEqual(before);
    expect(after.map(({ lastmod }) => lastmod)).toContain(updatedAt.toISOString());

    await fetchText(open.app, '/robots.txt'); // a handler that reads nothing
    const again = await fetchText(open.app, '/sitemap.xml');
    expect(openStatements.lastRequest()).toEqual([]);
    expect(again.type).toMatch(/^application\/xml/);
    expect(await sitemapOf(open.app, '/sitemap.xml', 'sitemapindex')).toEqual(after);
  });

  it('answers a listings page that does not start at a listing id with 404', async () => {
    for (const from of ['', 'nope', '%3Cx%3E']) {
      expect((await fetchText(open.app, `/sitemaps/listings.xml?from=${from}`)).status).toBe(404);
    }
  });
});
