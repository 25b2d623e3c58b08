import { type PageLocale, pageAddressIn, pagePaths } from '@basha/domain';
import { escapeHtml, jsonInScript } from './html-text.ts';
import type { ListingSummary } from './listing-summary.ts';

/** The site's name, as the generic page head has it. */
const SITE_NAME = 'Basha';

/**
 * The head of a public listing's page for link previews and search engines: its title, a
 * description, Open Graph and Twitter card tags with the cover photo's absolute URL and
 * size, the canonical URL, and schema.org JSON-LD. Absolute URLs start at `publicUrl`
 * (PUBLIC_URL): a preview is read by a messenger's server, not by a browser on this page.
 */
export function listingHead(
  listingId: string,
  summary: ListingSummary,
  publicUrl: string,
  locale: PageLocale,
) {
  // Each language version is its own canonical page; hreflang (page-language-head.ts) pairs them.
  const canonical = `${publicUrl}${pageAddressIn(pagePaths.propertyDetails(listingId), locale)}`;
  const image = new URL(summary.photo.url, `${publicUrl}/`).href;
  const title = `${summary.title} | ${SITE_NAME}`;
  const meta = (key: 'name' | 'property', name: string, content: string | number) =>
    `<meta ${key}="${name}" content="${escapeHtml(String(content))}">`;
  return {
    title: `<title>${escapeHtml(title)}</title>`,
    description: meta('name', 'description', summary.description),
    tags: [
      `<link rel="canonical" href="${escapeHtml(canonical)}">`,
      meta('property', 'og:type', 'website'),
      meta('property', 'og:site_name', SITE_NAME),
      meta('property', 'og:title', summary.title),
      meta('property', 'og:description', summary.description),
      meta('property', 'og:url', canonical),
      meta('property', 'og:image', image),
      meta('property', 'og:image:width', summary.photo.width),
      meta('property', 'og:image:height', summary.photo.height),
      meta('property', 'og:image:alt', summary.title),
      meta('name', 'twitter:card', 'summary_large_image'),
      meta('name', 'twitter:title', summary.title),
      meta('name', 'twitter:description', summary.description),
      meta('name', 'twitter:image', image),
      jsonLdScript(listingJsonLd(summary, canonical, image)),
    ].join(''),
  };
}

/**
 * schema.org `RealEstateListing` (a web page about a property for sale) with its `Offer`:
 * the price range in BDT, the locality, the photo and when it was posted.
 */
export function listingJsonLd(summary: ListingSummary, canonical: string, image: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: summary.title,
    description: summary.description,
    url: canonical,
    datePosted: summary.postedAt,
    image: [image],
    contentLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressLocality: summary.locality,
        addressCountry: 'BD',
      },
    },
    offers: {
      '@type': 'Offer',
      priceCurrency: 'BDT',
      priceSpecification: {
        '@type': 'PriceSpecification',
        priceCurrency: 'BDT',
        minPrice: summary.price.min,
        maxPrice: summary.price.max,
      },
    },
  };
}

function jsonLdScript(data: unknown): string {
  return `<script type="application/ld+json">${jsonInScript(JSON.stringify(data))}</script>`;
}
