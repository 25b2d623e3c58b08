import { Readable } from 'node:stream';
import { pagePaths } from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { SITEMAP_COMPRESSION } from '../http/compression.ts';
import {
  listingBatchesOfSitemapPage,
  listingSitemapPages,
  SITEMAP_SIZES,
  type SitemapSizes,
} from '../modules/listings/listing-sitemap.repository.ts';
import { escapeHtml } from './html-text.ts';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const LISTING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The pages every visitor may open, whatever PUBLIC_LISTINGS says (the spec's public pages). */
const PUBLIC_PAGES = [pagePaths.home, pagePaths.about];

export type SitemapOptions = {
  db: Database;
  publicUrl: string;
  publicListings: boolean;
  sizes?: SitemapSizes;
};

/**
 * What search engines may index: `/robots.txt`, the sitemap index `/sitemap.xml`, its page of
 * public pages, and (with PUBLIC_LISTINGS) its pages of public listings (`SITEMAP_SIZES`), streamed
 * from keyset reads. Without PUBLIC_LISTINGS listings need an account, so none is listed.
 */
export async function sitemapRoutes(
  app: FastifyInstance,
  { db, publicUrl, publicListings, sizes = SITEMAP_SIZES }: SitemapOptions,
): Promise<void> {
  const at = (path: string) => escapeHtml(`${publicUrl}${path}`);

  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) => {
    const lines = ['User-agent: *', 'Disallow: /api/', 'Disallow: /dashboard/'];
    if (!publicListings) {
      lines.push(
        '# Listings are for signed-in accounts (PUBLIC_LISTINGS=false): the sitemap lists the public pages only.',
        `Disallow: ${pagePaths.allProperties}`,
      );
    }
    lines.push(`Sitemap: ${publicUrl}/sitemap.xml`, '');
    return reply.type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  // Its pages' bounds and dates take a read of every public listing (about a second at 1 M),
  // so the index is kept by the response cache until a listing changes: a crawler, or
  // anyone, asking again costs nothing.
  const indexCache = { readFrom: ['listings'], sharedBy: 'everyone' } as const;
  app.get(
    '/sitemap.xml',
    { schema: { hide: true }, config: { cache: indexCache } },
    async (_request, reply) => {
      const entry = (path: string, lastModified?: Date) =>
        `<sitemap><loc>${at(path)}</loc>${lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ''}</sitemap>`;
      const listingPages = publicListings ? await listingSitemapPages(db, sizes) : [];
      const entries = [
        entry('/sitemaps/pages.xml'),
        ...listingPages.map(({ firstId, lastModified }) =>
          entry(`/sitemaps/listings.xml?from=${firstId}`, lastModified),
        ),
      ];
      return reply
        .type('application/xml; charset=utf-8')
        .send(`${XML_HEAD}<sitemapindex xmlns="${NS}">${entries.join('')}</sitemapindex>`);
    },
  );

  app.get('/sitemaps/pages.xml', { schema: { hide: true } }, (_request, reply) => {
    const paths = publicListings ? [...PUBLIC_PAGES, pagePaths.allProperties] : PUBLIC_PAGES;
    const urls = paths.map((path) => `<url><loc>${at(path)}</loc></url>`).join('');
    return reply
      .type('application/xml; charset=utf-8')
      .send(`${XML_HEAD}<urlset xmlns="${NS}">${urls}</urlset>`);
  });

  app.get<{ Querystring: { from?: string } }>(
    '/sitemaps/listings.xml',
    { schema: { hide: true }, compress: SITEMAP_COMPRESSION },
    (request, reply) => {
      const from = request.query.from ?? '';
      if (!publicListings || !LISTING_ID.test(from)) return reply.callNotFound();
      // Escaped once: the ids that follow are uuids, which need no escaping.
      const detailsAt = at(pagePaths.propertyDetails(''));
      const lines = async function* () {
        yield `${XML_HEAD}<urlset xmlns="${NS}">`;
        // One chunk per batch: a page of one-URL chunks costs more in the stream (and its
        // compression) than the URLs themselves.
        for await (const batch of listingBatchesOfSitemapPage(db, from.toLowerCase(), sizes)) {
          yield batch
            .map(
              (listing) =>
                `<url><loc>${detailsAt}${listing.id}</loc><lastmod>${listing.updatedAt.toISOString()}</lastmod></url>`,
            )
            .join('');
        }
        yield '</urlset>';
      };
      return reply.type('application/xml; charset=utf-8').send(Readable.from(lines()));
    },
  );
}
