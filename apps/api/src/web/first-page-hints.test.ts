import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  BROWSE_PAGE_SIZE,
  firstPageAt,
  firstPages,
  LISTING_PHOTO_SIZES,
  mayRequest,
  pagePaths,
  type Role,
} from '@basha/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../test/factories.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../test/test-app.ts';

// A first visit on a phone: the page the browser opens carries, in its <head>, the API
// answers it starts with and names its largest photo, for this caller, so the photo
// downloads with the script and the answers need no request at all.

let t: TestApp;
let distDir: string;
let agent: TestAccount;
let user: TestAccount;
let newestListing: string;
let pendingListing: string;

const INDEX_HTML =
  '<!doctype html><html><head><title>Basha</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-dist-'));
  await fs.writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  // What Vite's build manifest says of the entry and of the details page's chunk.
  await fs.mkdir(path.join(distDir, '.vite'));
  await fs.writeFile(
    path.join(distDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
      '_shared-1.js': { file: 'assets/shared-1.js' },
      '_not-found-1.js': { file: 'assets/not-found-1.js', imports: ['_shared-1.js'] },
      'src/app/routes/property-details.tsx': {
        file: 'assets/property-details-1.js',
        isDynamicEntry: true,
        imports: ['_shared-1.js', '_not-found-1.js'],
      },
    }),
  );
  t = await createTestApp({ WEB_DIST_DIR: distDir });
  agent = await createAccount(t, 'agent');
  user = await createAccount(t, 'user');
  await createListing(t, agent);
  newestListing = await createListing(t, agent, { photoKey: 'listing-photos/newest' });
  pendingListing = await createListing(t, agent, { status: 'pending' });
});
afterAll(async () => {
  await t.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

function openPage(url: string, account?: TestAccount) {
  return t.app.inject({ method: 'GET', url, headers: account ? { cookie: account.cookie } : {} });
}

/** The preload tags in the page's head (modulepreload included), attribute by attribute. */
function preloadsOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<link rel="(?:module)?preload"([^>]*)>/g)].map(
    ([tag = '', attributes = '']) => {
      const value = (name: string) => new RegExp(` ${name}="([^"]*)"`).exec(attributes)?.[1];
      return {
        modulepreload: tag.includes('modulepreload') || undefined,
        href: value('href'),
        as: value('as'),
        imagesrcset: value('imagesrcset'),
        imagesizes: value('imagesizes'),
      };
    },
  );
}

/** The API answers inlined in the page's head, by request URL. */
function answersOf(html: string): Record<string, unknown> {
  const head = html.slice(0, html.indexOf('</head>'));
  const block = /<script type="application\/json" id="first-answers">([^<]*)<\/script>/.exec(head);
  return block?.[1] ? (JSON.parse(block[1]) as Record<string, unknown>) : {};
}

const photoOf = (key: string, width: number) => `/media/${key}-${width}.webp ${width}w`;

describe('first-page hints', () => {
  it("home names the newest listings and the first one's photo, for a visitor too", async () => {
    const page = await openPage('/');
    expect(page.statusCode).toBe(200);
    const answers = answersOf(page.body);
    expect(Object.keys(answers)).toEqual([
      '/api/v1/session',
      '/api/v1/listings/latest',
      '/api/v1/reviews/featured',
    ]);
    expect(answers['/api/v1/session']).toEqual({ user: null });
    expect(answers['/api/v1/listings/latest']).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ id: newestListing })]),
    });
    const [photo] = preloadsOf(page.body);
    expect(photo?.as).toBe('image');
    expect(photo?.imagesrcset).toContain(photoOf('listing-photos/newest', 400));
    expect(photo?.imagesizes).toBe(LISTING_PHOTO_SIZES.card);
    // Who the hints are for differs per caller: no shared cache may keep the page.
    expect(page.headers['cache-control']).toBe('private, no-cache');
  });

  it('all properties names the first page the web app asks for, only for a signed-in caller', async () => {
    const page = await openPage('/allproperties', user);
    const answers = answersOf(page.body);
    expect(Object.keys(answers)).toEqual([
      '/api/v1/session',
      `/api/v1/listings?limit=${BROWSE_PAGE_SIZE}`,
      '/api/v1/listings/counts',
    ]);
    expect(answers['/api/v1/session']).toMatchObject({ user: { email: user.email } });
    // The count the page shows above its results, as the API answers it.
    const counts = await t.app.inject({
      method: 'GET',
      url: '/api/v1/listings/counts',
      headers: { cookie: user.cookie },
    });
    expect(answers['/api/v1/listings/counts']).toEqual(counts.json());
    const [photo] = preloadsOf(page.body);
    expect(photo?.imagesrcset).toContain(photoOf('listing-photos/newest', 800));

    // A visitor is sent to the login page: nothing to download for them.
    const forVisitor = await openPage('/allproperties');
    expect(preloadsOf(forVisitor.body)).toEqual([]);
    expect(Object.keys(answersOf(forVisitor.body))).toEqual(['/api/v1/session']);
    // A filtered search is answered too, under the URL the web app will ask for.
    const filtered = await openPage(
      '/allproperties?sort=price_asc&location=%20Gulshan%202&minPrice=',
      user,
    );
    const search = new URLSearchParams({ limit: String(BROWSE_PAGE_SIZE) });
    search.set('location', 'Gulshan 2');
    search.set('sort', 'price_asc');
    expect(Object.keys(answersOf(filtered.body))).toEqual([
      '/api/v1/session',
      `/api/v1/listings?${search}`,
      '/api/v1/listings/counts?location=Gulshan+2',
    ]);
    expect(answersOf(filtered.body)[`/api/v1/listings?${search}`]).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ id: newestListing })]),
    });
    expect(preloadsOf(filtered.body)[0]?.as).toBe('image');
  });

  it("details names the page's own scripts and its photo at the details size, and carries its answers", async () => {
    const page = await openPage(`/propertyDetails/${newestListing}`, user);
    expect(preloadsOf(page.body).map((hint) => hint.href)).toEqual([
      // The entry and what it imports are in index.html already.
      '/assets/property-details-1.js',
      '/assets/not-found-1.js',
      '/media/listing-photos/newest-1200.webp',
    ]);
    expect(preloadsOf(page.body)[0]?.modulepreload).toBe(true);
    expect(preloadsOf(page.body).at(-1)?.imagesizes).toBe(LISTING_PHOTO_SIZES.details);
    expect(Object.keys(answersOf(page.body))).toEqual([
      '/api/v1/session',
      `/api/v1/listings/${newestListing}`,
      `/api/v1/listings/${newestListing}/reviews`,
      `/api/v1/wishlist?listingId=${newestListing}`,
    ]);

    // An agent has no wishlist: the page does not ask for one, nor does the server.
    const forAgent = answersOf((await openPage(`/propertyDetails/${newestListing}`, agent)).body);
    expect(Object.keys(forAgent)).toEqual([
      '/api/v1/session',
      `/api/v1/listings/${newestListing}`,
      `/api/v1/listings/${newestListing}/reviews`,
    ]);
  });

  it('no text in an answer can end the inlined block or start markup', async () => {
    const title = '</script><script>alert(1)</script> & <!-- Gulshan';
    const listing = await createListing(t, agent, { title });
    const page = await openPage(`/propertyDetails/${listing}`, user);
    expect(page.body).not.toContain('<script>alert(1)');
    // Two blocks end: the inlined answers and the listing's JSON-LD (listing-preview.ts).
    expect(page.body.match(/<\/script>/g)).toHaveLength(2);
    expect(answersOf(page.body)[`/api/v1/listings/${listing}`]).toMatchObject({ title });
  });

  it("the build's manifest is not served", async () => {
    const page = await openPage('/.vite/manifest.json');
    expect(page.body).not.toContain('property-details-1.js');
  });

  it('names nothing the API would refuse the caller or cannot find', async () => {
    // A pending listing is not shown to users; unknown and malformed ids are not listings.
    for (const id of [pendingListing, randomUUID(), 'not-a-listing', '%22%3E%3Cscript%3E']) {
      const page = await openPage(`/propertyDetails/${id}`, user);
      expect(page.statusCode).toBe(200);
      expect(preloadsOf(page.body)).toEqual([]);
      expect(Object.keys(answersOf(page.body))).toEqual(['/api/v1/session']);
    }
  });

  it("the wishlist names the caller's own first item, and nothing for an agent", async () => {
    const wished = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wishlist',
      headers: { cookie: user.cookie },
      payload: { listingId: newestListing },
    });
    expect(wished.statusCode, wished.body).toBe(201);
    const page = await openPage('/dashboard/wishlist', user);
    const [photo] = preloadsOf(page.body);
    expect(photo?.imagesrcset).toContain(photoOf('listing-photos/newest', 1200));
    expect(answersOf(page.body)['/api/v1/wishlist']).toMatchObject({
      items: [expect.objectContaining({ listing: expect.objectContaining({ id: newestListing }) })],
    });

    const forAgent = await openPage('/dashboard/wishlist', agent);
    expect(preloadsOf(forAgent.body)).toEqual([]);
    expect(Object.keys(answersOf(forAgent.body))).toEqual(['/api/v1/session']);
  });

  it('other pages carry only who is signed in', async () => {
    const page = await openPage('/about-us', user);
    expect(preloadsOf(page.body)).toEqual([]);
    expect(answersOf(page.body)).toEqual({ '/api/v1/session': expect.objectContaining({}) });
    expect(answersOf(page.body)['/api/v1/session']).toMatchObject({ user: { email: user.email } });
    // Everything else is the app as built, with its English and Bangla versions named.
    const alternates = ['en', 'bn', 'x-default']
      .map(
        (hreflang) =>
          `<link rel="alternate" hreflang="${hreflang}" href="http://localhost:3000/about-us${hreflang === 'bn' ? '?lang=bn' : ''}">`,
      )
      .join('');
    expect(page.body.replace(/<script type="application\/json"[\s\S]*?<\/script>/, '')).toBe(
      INDEX_HTML.replace('<html>', '<html lang="en">').replace('</head>', `${alternates}</head>`),
    );
  });
});

// Where each page of the table is opened here (a new page without an address fails to compile).
const addressOf = (): Record<keyof typeof firstPages, string> => ({
  home: pagePaths.home,
  allProperties: `${pagePaths.allProperties}?location=Gulshan&maxPrice=99999999&sort=newest`,
  listingDetails: pagePaths.propertyDetails(newestListing),
  wishlist: pagePaths.dashboard.wishlist,
});

describe('the page shell and the page table agree', () => {
  const callers: [string, () => TestAccount | undefined, Role | undefined][] = [
    ['a visitor', () => undefined, undefined],
    ['a user', () => user, 'user'],
    ['an agent', () => agent, 'agent'],
  ];
  for (const [name, page] of Object.entries(firstPages)) {
    for (const [who, accountOf, role] of callers) {
      it(`${name} inlines exactly the requests the table lists that ${who} may make`, async () => {
        const address = new URL(addressOf()[name as keyof typeof firstPages], 'http://x.invalid');
        const found = firstPageAt(address.pathname, address.search);
        expect(found?.page).toBe(page);
        const requests = found?.requests ?? [];
        expect(requests.length).toBeGreaterThan(0);
        // Nothing but who is signed in when the page's main content is not the caller's to see.
        const mayMain = mayRequest(requests[0]?.who ?? 'everyone', role);
        const expected = mayMain
          ? requests.filter((request) => mayRequest(request.who, role)).map(({ url }) => url)
          : [];
        const html = (await openPage(`${address.pathname}${address.search}`, accountOf())).body;
        expect(Object.keys(answersOf(html))).toEqual(['/api/v1/session', ...expected]);
        expect(preloadsOf(html).some((hint) => hint.as === 'image')).toBe(mayMain);
      });
    }
  }
});
