import {
  apiUrls,
  FIRST_ANSWERS_ELEMENT_ID,
  firstPageAt,
  firstPages,
  mayRequest,
  pagePaths,
  type Role,
} from '@basha/domain';
import type { Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { type Account, apiAs, createUserAccount } from '../support/api.ts';
import { signIn } from '../support/listings.ts';
import { wishThroughApi } from '../support/offers.ts';
import { expect, test } from '../support/test.ts';

// A first visit to each page of the domain's page table: the server inlines the answers the
// page starts with (ADR 7), and the web app, asking for exactly those URLs, takes them from
// the page instead of the network. A URL built differently on either side shows up here as
// a request the browser made.

/** A URL with its query parameters in one order, so two spellings of one request compare equal. */
function normalised(url: string): string {
  const { pathname, searchParams } = new URL(url, BASE_URL);
  searchParams.sort();
  const search = searchParams.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * Opens `address` in a fresh load, and returns the URLs the server inlined and, as a function
 * to call once the page has settled, every API request the browser made meanwhile.
 */
async function openFirstPage(page: Page, address: string, role: Role | undefined) {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) {
      requested.push(normalised(request.url()));
    }
  });
  const response = await page.goto(address);
  const html = (await response?.text()) ?? '';
  const block = new RegExp(
    `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  const inlined = Object.keys(JSON.parse(block?.[1] ?? '{}') as object);

  // The page carries what the table lists for this caller, so the check below has teeth.
  const { pathname, search } = new URL(address, BASE_URL);
  const requests = firstPageAt(pathname, search)?.requests ?? [];
  expect(requests.length).toBeGreaterThan(0);
  expect(inlined).toEqual([
    apiUrls.session,
    ...requests.filter((request) => mayRequest(request.who, role)).map(({ url }) => url),
  ]);
  return {
    firstPage: firstPageAt(pathname, search)?.page,
    inlined,
    requestedOnceSettled: async () => {
      await page.waitForLoadState('networkidle');
      return requested;
    },
  };
}

async function expectNoneRequestedAgain(opened: Awaited<ReturnType<typeof openFirstPage>>) {
  const covered = new Set(opened.inlined.map(normalised));
  const requested = await opened.requestedOnceSettled();
  expect(requested.filter((url) => covered.has(url))).toEqual([]);
}

async function publicListing(account: Account) {
  const api = await apiAs(account);
  const response = await api.get(apiUrls.listingBrowse({}));
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as {
    items: { id: string; title: string; location: string; price: { max: number } }[];
  };
  await api.dispose();
  const [listing] = items;
  if (!listing) throw new Error('the demo data has no public listing');
  return listing;
}

test.describe('a first page load asks the API for nothing the page already carries', () => {
  test('home, for a visitor', async ({ page }) => {
    const opened = await openFirstPage(page, firstPages.home.pattern, undefined);
    const newest = page.getByRole('region', { name: 'All New Properties' });
    await expect(newest.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'User Reviews' })).toBeVisible();
    await expectNoneRequestedAgain(opened);
  });

  test('home, all properties with a filter, details and the wishlist, for a user', async ({
    page,
  }) => {
    const user = await createUserAccount('E2E First Page');
    const listing = await publicListing(user);
    await wishThroughApi(user, listing.id);
    await signIn(page, user);

    const home = await openFirstPage(page, firstPages.home.pattern, 'user');
    await expect(
      page.getByRole('region', { name: 'All New Properties' }).getByRole('article').first(),
    ).toBeVisible();
    await expectNoneRequestedAgain(home);

    // A search as a shared link would carry it: the server answers the same search ahead.
    const location = listing.location.split(',')[0] ?? listing.location;
    const search = new URLSearchParams({
      location: ` ${location}`,
      maxPrice: String(listing.price.max),
      sort: 'price_asc',
    });
    const browse = await openFirstPage(page, `${pagePaths.allProperties}?${search}`, 'user');
    await expect(
      page
        .getByRole('list', { name: 'Verified properties' })
        .getByRole('article')
        .filter({ hasText: listing.title })
        .first(),
    ).toBeVisible();
    expect(browse.inlined[1]).toContain(
      `location=${encodeURIComponent(location).replaceAll('%20', '+')}`,
    );
    await expectNoneRequestedAgain(browse);

    const details = await openFirstPage(page, pagePaths.propertyDetails(listing.id), 'user');
    await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Reviews' })).toBeVisible();
    // On the wishlist already: the page says so, from the inlined entry.
    await expect(page.getByText('This property is on your wishlist.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add To Wishlist' })).toBeDisabled();
    await expectNoneRequestedAgain(details);

    const wishlist = await openFirstPage(page, pagePaths.dashboard.wishlist, 'user');
    await expect(page.getByRole('article').filter({ hasText: listing.title })).toBeVisible();
    await expectNoneRequestedAgain(wishlist);

    // Every page of the table was opened.
    expect(new Set([home, browse, details, wishlist].map((opened) => opened.firstPage))).toEqual(
      new Set(Object.values(firstPages)),
    );
  });
});
