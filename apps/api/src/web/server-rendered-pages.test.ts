import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../test/factories.ts';
import {
  APP_ORIGIN,
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../test/test-app.ts';

// A crawler runs no JavaScript: with PUBLIC_LISTINGS the page the server returns for All
// Properties and a public listing's details holds the page itself, rendered by the web app's
// own components from the web build's server entry (ADR 35). So do the page table's other
// pages (home, the wishlist) and a signed-in account's pages, for a phone that shows them
// before their scripts arrive. Nothing else is rendered here.

const WEB_ROOT = path.resolve(import.meta.dirname, '../../../web');
const webRequire = createRequire(path.join(WEB_ROOT, 'package.json'));
// Its entry script as the build names it in the head.
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Basha</title><script type="module" crossorigin src="/assets/app-1.js"></script></head><body><div id="root"></div></body></html>';

let distDir: string;
let open: TestApp;
let closed: TestApp;
let user: TestAccount;
const ids: Record<string, string> = {};
const closedIds: Record<string, string> = {};

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-dist-'));
  await fs.writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  // The real server entry, built as `npm run build` builds it.
  execFileSync(
    process.execPath,
    [
      path.join(path.dirname(webRequire.resolve('vite/package.json')), 'bin/vite.js'),
      'build',
      '--ssr',
      'src/server/render-page.tsx',
      '--outDir',
      path.join(distDir, '.server'),
      '--logLevel',
      'error',
    ],
    { cwd: WEB_ROOT, stdio: 'inherit' },
  );
  open = await createTestApp({ WEB_DIST_DIR: distDir, PUBLIC_LISTINGS: 'true' });
  closed = await createTestApp({ WEB_DIST_DIR: distDir });
  const closedAgent = await createAccount(closed, 'agent');
  closedIds.verified = await createListing(closed, closedAgent, { title: 'Lake view flat' });
  {
    const t = open;
    const agent = await createAccount(t, 'agent');
    ids.verified = await createListing(t, agent, {
      title: 'Lake view flat',
      location: 'Gulshan 2, Dhaka',
      description: 'Morning light over Gulshan lake from every room.',
      priceMin: 1250000,
      priceMax: 1300000,
    });
    ids.other = await createListing(t, agent, {
      title: 'Quiet flat',
      location: 'Mirpur 10, Dhaka',
    });
    ids.hostile = await createListing(t, agent, {
      title: '<script>window.owned=1</script>Flat',
      location: 'Banani, Dhaka',
    });
    ids.pending = await createListing(t, agent, { status: 'pending', title: 'Secret pending' });
  }
  user = await createAccount(open, 'user');
}, 120_000);
afterAll(async () => {
  await open?.close();
  await closed?.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

async function pageAt(t: TestApp, url: string, cookie?: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  const { document } = new JSDOM(response.body).window;
  const root = document.getElementById('root');
  if (!root) throw new Error('the page has no #root');
  const policy = String(response.headers['content-security-policy']);
  return { document, root, body: response.body, policy };
}

/** The scripts a page names in its head, to download at once. */
function scriptsInHead(document: Document): string[] {
  return [...document.head.querySelectorAll('script[src], link[rel="modulepreload"]')].map(
    (tag) => tag.getAttribute('src') ?? tag.getAttribute('href') ?? '',
  );
}

describe('with PUBLIC_LISTINGS, pages a visitor opens arrive rendered', () => {
  it('never asks for localStorage, which Node 25 and later warn a server has none of', async () => {
    const own = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    let asked = 0;
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get: () => {
        asked += 1;
        return undefined;
      },
    });
    try {
      await pageAt(open, `/propertyDetails/${ids.verified}?lang=bn`);
      await pageAt(open, '/allproperties');
    } finally {
      if (own) Object.defineProperty(globalThis, 'localStorage', own);
      else Reflect.deleteProperty(globalThis, 'localStorage');
    }
    expect(asked).toBe(0);
  });

  it("holds a public listing's title, price, location, description and photo", async () => {
    const { root } = await pageAt(open, `/propertyDetails/${ids.verified}`);
    expect(root.querySelector('h1')?.textContent).toBe('Lake view flat');
    expect(root.textContent).toContain('12,50,000-13,00,000TK');
    expect(root.textContent).toContain('Gulshan 2, Dhaka');
    expect(root.textContent).toContain('Morning light over Gulshan lake from every room.');
    const photo = root.querySelector('img[alt="Lake view flat"]');
    expect(photo?.getAttribute('src')).toMatch(/^\/media\/listing-photos\//);
    expect(photo?.getAttribute('srcset')).toMatch(/\d+w/);
    // The way on to the other listings, and to log in to act on this one.
    expect(root.querySelector('a[href="/allproperties"]')).not.toBeNull();
    expect(root.querySelector('a[href="/login"]')).not.toBeNull();
  });

  it("reads in Bangla at the address's ?lang=bn", async () => {
    const { root, document } = await pageAt(open, `/propertyDetails/${ids.verified}?lang=bn`);
    expect(document.documentElement.lang).toBe('bn');
    expect(root.querySelector('h1')?.textContent).toBe('Lake view flat');
    expect(root.textContent).toContain('১২,৫০,০০০-১৩,০০,০০০ টাকা');
  });

  it('lists the public listings on All Properties, each with its photo and a link to it', async () => {
    const { root } = await pageAt(open, '/allproperties');
    for (const [id, title] of [
      [ids.verified, 'Lake view flat'],
      [ids.other, 'Quiet flat'],
    ]) {
      const link = root.querySelector(`a[href="/propertyDetails/${id}"]`);
      expect(link, title).not.toBeNull();
      expect(link?.closest('article')?.querySelector('h2')?.textContent).toBe(title);
    }
    expect(root.textContent).toContain('12,50,000-13,00,000TK');
    expect(root.textContent).not.toContain('Secret pending');
    // Every card's photo, with its title as alt text: the first as an <img>, the others in
    // <noscript> (a browser running the app loads them after the first, first-photo-first.ts).
    const cards = [...root.querySelectorAll('article')];
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      const title = card.querySelector('h2')?.textContent;
      const photo = card.querySelector('img[src^="/media/listing-photos/"]');
      expect([title, photo?.getAttribute('alt')]).toEqual([title, title]);
      expect(photo?.getAttribute('srcset')).toMatch(/\d+w/);
    }
    expect(cards[0]?.querySelector('noscript')).toBeNull();
    expect(cards[1]?.querySelector('noscript img[loading="lazy"]')).not.toBeNull();
    // How many the search found, already there: the app that takes the page over asks for
    // nothing more before it has.
    expect(root.querySelector('[role="status"]')?.textContent).toBe('3 properties');
  });

  it("shows a visitor a public listing's reviews, and no way to write one", async () => {
    const written = await open.app.inject({
      method: 'POST',
      url: `/api/v1/listings/${ids.other}/reviews`,
      headers: { cookie: user.cookie, origin: APP_ORIGIN },
      payload: { rating: 5, text: 'Quiet street, friendly agent.' },
    });
    expect(written.statusCode, written.body).toBe(201);
    const { root } = await pageAt(open, `/propertyDetails/${ids.other}`);
    const headings = [...root.querySelectorAll('h2')].map((heading) => heading.textContent);
    expect(headings).toContain('Reviews');
    expect(root.textContent).toContain('Quiet street, friendly agent.');
    const buttons = [...root.querySelectorAll('button')].map((button) => button.textContent);
    expect(buttons.filter((label) => /review/i.test(label ?? ''))).toEqual([]);
  });

  it('applies the filters in the address', async () => {
    const { root } = await pageAt(open, '/allproperties?location=Mirpur');
    expect(root.querySelector(`a[href="/propertyDetails/${ids.other}"]`)).not.toBeNull();
    expect(root.querySelector(`a[href="/propertyDetails/${ids.verified}"]`)).toBeNull();
    expect(root.querySelector('[role="status"]')?.textContent).toBe('1 property');
  });

  it('writes a hostile title as text', async () => {
    const { root, document } = await pageAt(open, `/propertyDetails/${ids.hostile}`);
    expect(root.querySelector('h1')?.textContent).toBe('<script>window.owned=1</script>Flat');
    expect(document.querySelectorAll('#root script')).toHaveLength(0);
  });

  it('asks for its scripts only from the end of the page, by a script the content policy names', async () => {
    for (const url of [`/propertyDetails/${ids.verified}`, '/allproperties']) {
      const { document, policy } = await pageAt(open, url);
      expect(scriptsInHead(document), url).toEqual([]);
      const files = JSON.parse(document.getElementById('page-scripts')?.textContent ?? '{}');
      expect(files.entries, url).toEqual(['/assets/app-1.js']);
      // The loader is the last thing in the body, and a browser runs it: the policy admits
      // it by the digest of its exact text, and no other inline script.
      const loader = document.body.lastElementChild;
      expect(loader?.tagName, url).toBe('SCRIPT');
      const digest = createHash('sha256')
        .update(loader?.textContent ?? '')
        .digest('base64');
      const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ');
      expect(scriptSources, url).toEqual(["'self'", `'sha256-${digest}'`]);
    }
    // A page the browser renders needs its scripts at once: its head names them.
    const { document } = await pageAt(open, '/login');
    expect(scriptsInHead(document)).toEqual(['/assets/app-1.js']);
    expect(document.getElementById('page-scripts')).toBeNull();
  });

  it("renders nothing of a pending listing's page", async () => {
    const { root, body } = await pageAt(open, `/propertyDetails/${ids.pending}`);
    expect(root.childNodes).toHaveLength(0);
    expect(body).not.toContain('Secret pending');
  });

  it("renders a signed-in account's page as theirs, and never another account's", async () => {
    const wished = await open.app.inject({
      method: 'POST',
      url: '/api/v1/wishlist',
      headers: { cookie: user.cookie },
      payload: { listingId: ids.verified },
    });
    expect(wished.statusCode, wished.body).toBe(201);
    const details = `/propertyDetails/${ids.verified}`;
    const own = await pageAt(open, details, user.cookie);
    expect(own.root.querySelector('h1')?.textContent).toBe('Lake view flat');
    expect(own.root.textContent).toContain('This property is on your wishlist.');
    // The same page for another user, for an agent and for a visitor, right after: each
    // their own, none served from the first one's (rendered pages are kept by their answers,
    // and the session is one of them).
    const otherUser = await createAccount(open, 'user');
    const agent = await createAccount(open, 'agent');
    for (const [who, cookie] of [
      ['another user', otherUser.cookie],
      ['an agent', agent.cookie],
      ['a visitor', undefined],
    ] as const) {
      const { root } = await pageAt(open, details, cookie);
      expect(root.querySelector('h1')?.textContent, who).toBe('Lake view flat');
      expect(root.textContent, who).not.toContain('This property is on your wishlist.');
    }
    // Their wishlist, with the listing they saved.
    const wishlist = await pageAt(open, '/dashboard/wishlist', user.cookie);
    expect(wishlist.root.querySelector('h1')?.textContent).toBe('My Wishlist');
    expect(wishlist.root.textContent).toContain('Lake view flat');
  });

  it('renders the home page for everyone, and no page its reader may not open', async () => {
    const home = await pageAt(open, '/');
    expect(home.root.querySelector('h1')).not.toBeNull();
    // Pages outside the page table, and pages whose content the API refuses their reader,
    // are the browser's, which sends the reader on as the spec's guards do.
    const agent = await createAccount(open, 'agent');
    for (const [url, cookie] of [
      ['/login', undefined],
      ['/dashboard/wishlist', undefined],
      ['/dashboard/wishlist', agent.cookie],
    ] as const) {
      const { root } = await pageAt(open, url, cookie);
      expect(root.childNodes, `${url} ${cookie ? 'agent' : 'visitor'}`).toHaveLength(0);
    }
  });
});

describe('without PUBLIC_LISTINGS (the spec login guard)', () => {
  it("renders nothing of listings for a visitor, and a signed-in account's listings pages", async () => {
    const closedUser = await createAccount(closed, 'user');
    for (const url of [`/propertyDetails/${closedIds.verified}`, '/allproperties']) {
      const visitor = await pageAt(closed, url);
      expect(visitor.root.childNodes, url).toHaveLength(0);
      const signedIn = await pageAt(closed, url, closedUser.cookie);
      expect(signedIn.root.textContent, url).toContain('Lake view flat');
    }
  });
});
