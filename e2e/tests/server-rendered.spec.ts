import { expect, type Page, test } from '@playwright/test';
import { PUBLIC_LISTINGS_BASE_URL } from '../playwright.config.ts';

// With PUBLIC_LISTINGS, a public listing's page arrives rendered (ADR 35): a crawler or a
// browser without JavaScript sees the listing itself, and with JavaScript the app takes the
// same markup over without moving anything.

test.use({ baseURL: PUBLIC_LISTINGS_BASE_URL });

type Listing = { id: string; title: string; location: string; description: string };

/** A public listing of the demo data, as a visitor's API call returns it. */
async function aPublicListing(page: Page): Promise<Listing> {
  const browse = await page.request.get('/api/v1/listings?limit=1');
  expect(browse.status()).toBe(200);
  const { items } = (await browse.json()) as { items: { id: string }[] };
  const id = items[0]?.id ?? '';
  const details = await page.request.get(`/api/v1/listings/${id}`);
  expect(details.status()).toBe(200);
  return (await details.json()) as Listing;
}

test('without JavaScript, a public listing shows its photo and texts', async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: PUBLIC_LISTINGS_BASE_URL,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  const listing = await aPublicListing(page);
  const photoLoaded = page.waitForResponse(
    (response) => response.url().includes('/media/') && response.status() === 200,
  );
  await page.goto(`/propertyDetails/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  await expect(page.getByText(listing.location, { exact: true })).toBeVisible();
  await expect(page.getByText(listing.description)).toBeVisible();
  await expect(page.getByText(/TK$/).first()).toBeVisible();
  await expect(page.getByRole('img', { name: listing.title })).toBeVisible();
  await photoLoaded;
  // The way to log in and to the other listings are plain links.
  await expect(page.getByRole('link', { name: /^Log in to add it to your wishlist/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All Properties' }).first()).toBeVisible();
  await context.close();
});

test('with JavaScript, the same page becomes the app without a hydration error or a layout shift', async ({
  page,
}) => {
  const listing = await aPublicListing(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

  await page.goto(`/propertyDetails/${listing.id}`);
  const heading = page.getByRole('heading', { level: 1, name: listing.title });
  await expect(heading).toBeVisible();
  // React has taken the server's markup over once its nodes carry React's own properties.
  await page.waitForFunction(() => {
    const h1 = document.querySelector('h1');
    return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactProps'));
  });
  await page.waitForLoadState('load');
  // A moment for anything late (photos, fonts) to move the page, if it would.
  await page.waitForTimeout(1000);
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
  );
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);

  // Interactive: the language button switches the page to Bangla.
  await page.getByRole('button', { name: 'Switch language to Bangla' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByText(/টাকা$/).first()).toBeVisible();
  await expect(heading).toBeVisible();
  expect(errors).toEqual([]);
});
