import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, refusedRequest, test } from '../support/test.ts';

// A deploy while a tab is open: the tab's code names page files of the build it was loaded
// from. Here the About page's file is taken away from the served build while the tab is
// open, as a deploy that kept no older files would do.

const DIST = path.join(import.meta.dirname, '../../apps/web/dist');
const ABOUT_PAGE_SOURCE = 'src/app/routes/about.tsx';
const RELOAD_FAILED = 'This page could not be loaded. Basha may have just been updated';

/** The About page's chunk and its compressed twins, as the server has them. */
function aboutPageFiles(): string[] {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const chunk = manifest[ABOUT_PAGE_SOURCE]?.file;
  if (!chunk) throw new Error(`the build manifest has no ${ABOUT_PAGE_SOURCE}`);
  return [chunk, `${chunk}.br`, `${chunk}.gz`]
    .map((file) => path.join(DIST, file))
    .filter((file) => fs.existsSync(file));
}

const hidden = (file: string) => `${file}.e2e-removed`;
let removed: string[] = [];

function removeAboutPageFiles() {
  removed = aboutPageFiles();
  for (const file of removed) fs.renameSync(file, hidden(file));
}

function restoreAboutPageFiles() {
  for (const file of removed) if (fs.existsSync(hidden(file))) fs.renameSync(hidden(file), file);
  removed = [];
}

test.afterEach(restoreAboutPageFiles);

/** How many times the tab loaded an app page (the first load included). */
function countPageLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  return () => loads;
}

const MISSING_FILE = refusedRequest(404, '/assets/about-[^/]+\\.js');

test('a page file gone after a deploy: the tab reloads once, then says so, without a loop', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expect(MISSING_FILE);
  // React reports the error its boundary caught (the message below).
  consoleErrors.expect(/Failed to fetch dynamically imported module|could not be loaded after/);
  const pageLoads = countPageLoads(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(pageLoads()).toBe(1);

  removeAboutPageFiles();
  expect(removed.length).toBeGreaterThan(0);
  await page.getByRole('navigation').getByRole('link', { name: 'About Us' }).click();

  const message = page.getByRole('alert').filter({ hasText: RELOAD_FAILED });
  await expect(message).toBeVisible();
  await expect(page).toHaveURL('/about-us');
  expect(pageLoads()).toBe(2);
  // No reload loop: a while later, still the one reload and the message.
  await page.waitForTimeout(2000);
  expect(pageLoads()).toBe(2);
  await expect(message).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);

  // Once the file is back, the reader's own reload brings the page.
  restoreAboutPageFiles();
  await message.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.getByRole('heading', { name: 'About us' })).toBeVisible();
});

test('a page file gone and back by the reload: the tab reloads once and shows the page', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expect(MISSING_FILE);
  const pageLoads = countPageLoads(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  removeAboutPageFiles();
  // The new build is in place by the time the tab reloads.
  await page.route('**/about-us', async (route) => {
    restoreAboutPageFiles();
    await route.continue();
  });
  await page.getByRole('navigation').getByRole('link', { name: 'About Us' }).click();

  await expect(page.getByRole('heading', { name: 'About us' })).toBeVisible();
  await expect(page).toHaveURL('/about-us');
  expect(pageLoads()).toBe(2);
});
