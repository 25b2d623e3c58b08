import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import jsonld from 'jsonld';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../test/factories.ts';
import { createAccount, createTestApp, type TestApp } from '../../test/test-app.ts';

// A listing's link shared in a messenger: the messenger's server fetches the page with no
// cookie and no JavaScript, and shows what the head says. Only public listings say anything.

let t: TestApp;
let distDir: string;
const ids: Record<string, string> = {};

const INDEX_HTML =
  '<!doctype html><html><head><meta name="description" content="Basha — verified properties across Bangladesh"><title>Basha</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-dist-'));
  await fs.writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  t = await createTestApp({ WEB_DIST_DIR: distDir, PUBLIC_URL: 'https://basha.example' });
  const agent = await createAccount(t, 'agent');
  ids.verified = await createListing(t, agent, {
    title: 'Lake view flat',
    location: 'Gulshan 2, Dhaka',
    priceMin: 1250000,
    priceMax: 1300000,
    photoKey: 'listing-photos/lake',
  });
  ids.hostileTitle = await createListing(t, agent, {
    title: '</title><script>alert(1)</script> $& "quoted"',
  });
  ids.pending = await createListing(t, agent, { status: 'pending', title: 'Secret pending' });
  ids.rejected = await createListing(t, agent, { status: 'rejected', title: 'Secret rejected' });
  ids.sold = await createListing(t, agent, { soldAt: new Date(), title: 'Secret sold' });
  ids.delisted = await createListing(t, agent, { delistedAt: new Date(), title: 'Secret hidden' });
});
afterAll(async () => {
  await t.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

async function openAnonymously(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return new JSDOM(response.body).window.document;
}

const metaOf = (document: Document, key: string) =>
  document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');

const jsonLdOf = (document: Document) =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) =>
    JSON.parse(script.textContent ?? ''),
  );

/** schema.org's context, served locally: the test runs offline. Its core is the vocabulary. */
const documentLoader = async (url: string) => {
  if (url !== 'https://schema.org') throw new Error(`no network in tests: ${url}`);
  return { documentUrl: url, document: { '@context': { '@vocab': 'https://schema.org/' } } };
};

/**
 * The schema.org terms the structured data uses, and on which types schema.org defines them
 * (a property of Thing or CreativeWork holds for RealEstateListing, a WebPage).
 */
const SCHEMA_ORG_DOMAINS: Record<string, string[]> = {
  name: ['RealEstateListing', 'Place', 'Offer'],
  description: ['RealEstateListing', 'Place', 'Offer'],
  url: ['RealEstateListing', 'Place', 'Offer'],
  image: ['RealEstateListing', 'Place', 'Offer'],
  datePosted: ['RealEstateListing'],
  contentLocation: ['RealEstateListing'],
  offers: ['RealEstateListing'],
  address: ['Place'],
  addressLocality: ['PostalAddress'],
  addressCountry: ['PostalAddress'],
  priceCurrency: ['Offer', 'PriceSpecification'],
  priceSpecification: ['Offer'],
  minPrice: ['PriceSpecification'],
  maxPrice: ['PriceSpecification'],
};

type ExpandedNode = Record<string, unknown> & { '@type'?: string[] };

/** Every property of every node, checked against the vocabulary's domains. */
function termsOutsideTheirTypes(node: ExpandedNode): string[] {
  const type = node['@type']?.[0]?.replace('https://schema.org/', '') ?? '';
  return Object.entries(node).flatMap(([key, values]) => {
    if (key.startsWith('@')) return [];
    const term = key.replace('https://schema.org/', '');
    const wrong = SCHEMA_ORG_DOMAINS[term]?.includes(type) ? [] : [`${type}.${term}`];
    const children = (values as ExpandedNode[]).filter((value) => value['@type']);
    return [...wrong, ...children.flatMap(termsOutsideTheirTypes)];
  });
}

const value = (node: ExpandedNode, term: string) =>
  (node[`https://schema.org/${term}`] as ExpandedNode[] | undefined)?.[0];

describe('the link preview of a listing', () => {
  it("carries a public listing's title, description, photo and canonical URL, with no cookie", async () => {
    const document = await openAnonymously(`/propertyDetails/${ids.verified}`);
    const page = `https://basha.example/propertyDetails/${ids.verified}`;
    expect(document.title).toBe('Lake view flat | Basha');
    expect(metaOf(document, 'description')).toBe('Gulshan 2, Dhaka · 12,50,000–13,00,000 TK');
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(metaOf(document, 'og:title')).toBe('Lake view flat');
    expect(metaOf(document, 'og:description')).toBe('Gulshan 2, Dhaka · 12,50,000–13,00,000 TK');
    expect(metaOf(document, 'og:url')).toBe(page);
    expect(metaOf(document, 'og:image')).toMatch(
      /^https:\/\/basha\.example\/media\/listing-photos\/lake-\d+\.webp$/,
    );
    expect(metaOf(document, 'og:image:width')).toBe('1200');
    expect(metaOf(document, 'og:image:height')).toBe('800');
    expect(metaOf(document, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(document, 'twitter:image')).toBe(metaOf(document, 'og:image'));
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(page);
    // PUBLIC_LISTINGS is off: the page does not tell the web app that visitors may browse.
    expect(document.querySelector('meta[name="basha-public-listings"]')).toBeNull();
  });

  it('reads in Bangla when the shared address says ?lang=bn, with its own canonical URL', async () => {
    const document = await openAnonymously(`/propertyDetails/${ids.verified}?lang=bn`);
    const page = `https://basha.example/propertyDetails/${ids.verified}`;
    expect(document.documentElement.lang).toBe('bn');
    expect(metaOf(document, 'description')).toBe('Gulshan 2, Dhaka · ১২,৫০,০০০–১৩,০০,০০০ টাকা');
    expect(metaOf(document, 'og:description')).toBe(metaOf(document, 'description'));
    expect(metaOf(document, 'og:url')).toBe(`${page}?lang=bn`);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${page}?lang=bn`,
    );
  });

  it.each([
    ['a public listing', () => `/propertyDetails/${ids.verified}`],
    ['a pending listing', () => `/propertyDetails/${ids.pending}`],
    ['all properties with a filter', () => '/allproperties?location=Gulshan'],
  ])('names its English and Bangla versions both ways with hreflang: %s', async (_, address) => {
    const path = address();
    const alternates = (document: Document) =>
      Object.fromEntries(
        [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
          link.getAttribute('hreflang'),
          link.getAttribute('href'),
        ]),
      );
    const expected = {
      en: `https://basha.example${path}`,
      bn: `https://basha.example${path}${path.includes('?') ? '&' : '?'}lang=bn`,
      'x-default': `https://basha.example${path}`,
    };
    const english = await openAnonymously(path);
    expect(english.documentElement.lang).toBe('en');
    expect(alternates(english)).toEqual(expected);
    const bangla = await openAnonymously(expected.bn.replace('https://basha.example', ''));
    expect(bangla.documentElement.lang).toBe('bn');
    expect(alternates(bangla)).toEqual(expected);
  });

  it('describes it as a schema.org RealEstateListing with an Offer in BDT', async () => {
    const document = await openAnonymously(`/propertyDetails/${ids.verified}`);
    const [data] = jsonLdOf(document);
    const [listing] = (await jsonld.expand(data, { documentLoader })) as ExpandedNode[];
    if (!listing) throw new Error('no JSON-LD node');
    expect(listing['@type']).toEqual(['https://schema.org/RealEstateListing']);
    expect(termsOutsideTheirTypes(listing)).toEqual([]);
    expect(value(listing, 'name')?.['@value']).toBe('Lake view flat');
    expect(Date.parse(String(value(listing, 'datePosted')?.['@value']))).not.toBeNaN();
    expect(value(listing, 'image')?.['@value']).toBe(metaOf(document, 'og:image'));
    const address = value(value(listing, 'contentLocation') ?? {}, 'address') ?? {};
    expect(value(address, 'addressLocality')?.['@value']).toBe('Gulshan 2, Dhaka');
    const offer = value(listing, 'offers') ?? {};
    expect(offer['@type']).toEqual(['https://schema.org/Offer']);
    expect(value(offer, 'priceCurrency')?.['@value']).toBe('BDT');
    const price = value(offer, 'priceSpecification') ?? {};
    expect(price['@type']).toEqual(['https://schema.org/PriceSpecification']);
    expect(value(price, 'minPrice')?.['@value']).toBe(1250000);
    expect(value(price, 'maxPrice')?.['@value']).toBe(1300000);
    // And it is RDF: the same facts as triples.
    const quads = await jsonld.toRDF(data, { documentLoader, format: 'application/n-quads' });
    expect(quads).toContain('<https://schema.org/priceCurrency> "BDT"');
  });

  it('writes a hostile title as text in the title, the tags and the JSON-LD', async () => {
    const document = await openAnonymously(`/propertyDetails/${ids.hostileTitle}`);
    const title = '</title><script>alert(1)</script> $& "quoted"';
    expect(document.title).toBe(`${title} | Basha`);
    expect(metaOf(document, 'og:title')).toBe(title);
    expect(jsonLdOf(document)[0]?.name).toBe(title);
    // No script the browser would run: only the data blocks (JSON-LD, the inlined answers).
    const types = [...document.querySelectorAll('script')].map((script) => script.type);
    expect(types.filter((type) => !type.endsWith('json'))).toEqual([]);
  });

  it('gives pending, rejected, sold, delisted and unknown listings the generic head', async () => {
    const generic = await openAnonymously('/about-us');
    for (const id of [
      ids.pending,
      ids.rejected,
      ids.sold,
      ids.delisted,
      '00000000-0000-4000-8000-000000000000',
      'not-a-listing',
    ]) {
      const document = await openAnonymously(`/propertyDetails/${id}`);
      // The same head, its language alternates naming its own address.
      expect(document.head.innerHTML).toBe(
        generic.head.innerHTML.replaceAll('/about-us', `/propertyDetails/${id}`),
      );
      expect(document.documentElement.outerHTML).not.toContain('Secret');
    }
  });

  it('costs no query on a warm cache: the details read is answered from the response cache', async () => {
    await openAnonymously(`/propertyDetails/${ids.verified}`);
    const before = t.app.caches.responses();
    const document = await openAnonymously(`/propertyDetails/${ids.verified}`);
    const after = t.app.caches.responses();
    expect(document.title).toBe('Lake view flat | Basha');
    expect(after.misses).toBe(before.misses);
    expect(after.hits).toBeGreaterThan(before.hits);
  });

  it('keeps the API closed to visitors: the in-process public view cannot be asked from outside', async () => {
    for (const headers of [{}, { 'x-basha-public-view': 'ab'.repeat(32) }]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/listings/${ids.verified}`,
        headers,
      });
      expect(response.statusCode).toBe(401);
    }
  });
});
