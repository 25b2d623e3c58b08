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
  await expect(
    page.getByRole('link', { name: /^Log in to add it to your wishlist/ }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'All Properties' }).first()).toBeVisible();
  await context.close();
});

test('without JavaScript, All Properties shows every card with its photo and a link to its listing', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: PUBLIC_LISTINGS_BASE_URL,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto('/allproperties');
  const cards = page.locator('article');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < count; index += 1) {
    const card = cards.nth(index);
    const title = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
    const photo = card.locator('img[src^="/media/listing-photos/"]');
    await expect(photo).toHaveCount(1);
    await expect(photo).toHaveAttribute('alt', title);
    await expect(card.getByRole('link', { name: /^Details/ })).toHaveAttribute(
      'href',
      /^\/propertyDetails\/[0-9a-f-]{36}$/,
    );
  }
  // Below the fold too: the photos are there, loaded as the reader scrolls to them.
  await cards.nth(count - 1).scrollIntoViewIfNeeded();
  await expect(cards.nth(count - 1).locator('img[src^="/media/listing-photos/"]')).toBeVisible();
  await context.close();
});

/** Errors the page logs or throws, from now on. */
/** Holds the page's scripts back, as a phone's slow connection would; the result lets them go. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Opens `url` and returns the sum of its layout shifts once React has taken the server's
 * markup over (its nodes then carry React's own properties) and the page has settled.
 */
async function layoutShiftOpening(page: Page, url: string): Promise<number> {
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
  await page.goto(url);
  await page.waitForFunction(() => {
    const heading = document.querySelector('#root h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactProps'));
  });
  await page.waitForLoadState('load');
  // A moment for anything late (photos, fonts) to move the page, if it would.
  await page.waitForTimeout(1000);
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
  );
  return shifts.reduce((sum, value) => sum + value, 0);
}

test('with JavaScript, the same page becomes the app without a hydration error or a layout shift', async ({
  page,
}) => {
  const listing = await aPublicListing(page);
  const errors = errorsOf(page);
  expect(await layoutShiftOpening(page, `/propertyDetails/${listing.id}`)).toBe(0);
  const heading = page.getByRole('heading', { level: 1, name: listing.title });
  await expect(heading).toBeVisible();

  // Interactive: the language button switches the page to Bangla.
  await page.getByRole('button', { name: 'Switch language to Bangla' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByText(/টাকা$/).first()).toBeVisible();
  await expect(heading).toBeVisible();
  expect(errors).toEqual([]);
});

test("the page's photo downloads before its scripts, which then make it the app", async ({
  page,
}) => {
  const listing = await aPublicListing(page);
  const errors = errorsOf(page);
  for (const url of [`/propertyDetails/${listing.id}`, '/allproperties']) {
    expect(await layoutShiftOpening(page, url)).toBe(0);
    // On a phone's slow connection the scripts would share it with the photo, the page's
    // largest content: the markup paints the page, the scripts only make it interactive,
    // so they are asked for once the photo is in.
    const { photoEnd, firstScriptStart } = await page.evaluate(() => {
      const loads = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const photo = loads.find((load) => load.name.includes('/media/listing-photos/'));
      const scripts = loads.filter((load) => /\/assets\/.*\.js$/.test(load.name));
      return {
        photoEnd: photo?.responseEnd ?? Number.NaN,
        firstScriptStart: Math.min(...scripts.map((load) => load.startTime)),
      };
    });
    expect(photoEnd, url).toBeGreaterThan(0);
    expect(firstScriptStart, url).toBeGreaterThanOrEqual(photoEnd);
  }
  expect(errors).toEqual([]);
});

test('a link clicked before the app has started is followed by the app once it has', async ({
  page,
}) => {
  const listing = await aPublicListing(page);
  const errors = errorsOf(page);
  // The scripts are held back, as on a phone's slow connection, until the click is made.
  const releaseScripts = await holdScripts(page);
  await page.goto('/allproperties');
  await page.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });
  const details = page.getByRole('link', { name: /^Details/ }).first();
  const href = await details.getAttribute('href');
  await details.click();
  // The browser does not follow it on its own (a page loaded anew, without the app's state).
  await page.waitForTimeout(500);
  await expect(page).toHaveURL('/allproperties');
  // The link shows that the tap was taken: busy, and dimmed.
  await expect(details).toHaveAttribute('aria-busy', 'true');
  await expect(details).toHaveCSS('opacity', '0.6');
  releaseScripts();
  await expect(page).toHaveURL(href ?? '');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The same document: the app went there, the page was not loaded anew.
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
    true,
  );
  expect(href).toBe(`/propertyDetails/${listing.id}`);
  expect(errors).toEqual([]);
});

test('a location typed before the app has started is kept, and searched for once it has', async ({
  page,
}) => {
  const errors = errorsOf(page);
  const releaseScripts = await holdScripts(page);
  await page.goto('/allproperties');
  const location = page.getByPlaceholder('Search by Location...');
  await location.fill('Gulshan');
  releaseScripts();
  // Hydration puts the field back to the app's own (empty) value; the page enters the
  // reader's text again, and the app searches for it as it does for typing.
  await expect(page).toHaveURL('/allproperties?location=Gulshan');
  await expect(location).toHaveValue('Gulshan');
  expect(errors).toEqual([]);
});

test('a list scrolled before the app has started is returned to by Back', async ({ page }) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('/allproperties');
  const details = page.getByRole('link', { name: /^Details/ }).nth(5);
  await details.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
  const listPosition = await page.evaluate(() => window.scrollY);
  releaseScripts();
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('main') ?? {}).some((key) => key.startsWith('__react')),
  );
  await details.click();
  await expect(page).toHaveURL(/\/propertyDetails\//);
  await page.goBack();
  await expect(page).toHaveURL('/allproperties');
  await expect
    .poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - listPosition))
    .toBeLessThan(4);
});

test('All Properties with a filter, and a Bangla address, are taken over the same way', async ({
  page,
}) => {
  const listing = await aPublicListing(page);
  const errors = errorsOf(page);
  expect(await layoutShiftOpening(page, '/allproperties?sort=price_asc')).toBe(0);
  await expect(page.getByRole('link', { name: /^Details/ }).first()).toBeVisible();
  expect(await layoutShiftOpening(page, `/propertyDetails/${listing.id}?lang=bn`)).toBe(0);
  await expect(page.getByText(/টাকা$/).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a returning reader who chose Bangla gets the English address in English, then in Bangla', async ({
  page,
}) => {
  const listing = await aPublicListing(page);
  const errors = errorsOf(page);
  await page.addInitScript(() => localStorage.setItem('basha.locale', 'bn'));
  const served = await page.goto(`/propertyDetails/${listing.id}`);
  // The server rendered the address's language; the app switches to the reader's after.
  expect(await served?.text()).toMatch(/<dd[^>]*>[\d,]+-[\d,]+TK/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByText(/টাকা$/).first()).toBeVisible();
  expect(errors).toEqual([]);
});
