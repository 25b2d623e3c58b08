import { createUserAccount } from '../support/api.ts';
import { signIn } from '../support/listings.ts';
import { expect, test } from '../support/test.ts';

const scrollY = (page: import('@playwright/test').Page) => page.evaluate(() => window.scrollY);

test('a new page opens at the top; Back returns to where the list was left', async ({ page }) => {
  await signIn(page, await createUserAccount('E2E Scroller'));
  await page.goto('/allproperties');
  const cards = page.getByRole('list', { name: 'Verified properties' }).getByRole('article');
  await expect(cards.nth(5)).toBeVisible();

  const card = cards.nth(5);
  const title = (await card.getByRole('heading').first().textContent()) ?? '';
  await card.getByRole('link', { name: /^Details/ }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 200);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(400);
  // Settled: the last scroll event has been seen.
  await page.waitForTimeout(200);
  const listPosition = await scrollY(page);

  await card.getByRole('link', { name: /^Details/ }).click();
  await expect(page).toHaveURL(/\/propertyDetails\//);
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toBeInViewport();
  await expect(page.getByRole('main').getByRole('img', { name: title })).toBeInViewport();
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL('/allproperties');
  await expect(cards.nth(5)).toBeVisible();
  await expect.poll(async () => Math.abs((await scrollY(page)) - listPosition)).toBeLessThan(4);

  // Forward again: the details page where it was left, at its top.
  await page.goForward();
  await expect(heading).toBeInViewport();
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('an address opened in the tab starts at the top, whatever page before was scrolled; a reload keeps its place', async ({
  page,
}) => {
  await signIn(page, await createUserAccount('E2E Address Typer'));
  await page.goto('/allproperties');
  const cards = page.getByRole('list', { name: 'Verified properties' }).getByRole('article');
  await expect(cards.nth(5)).toBeVisible();
  await cards.nth(5).scrollIntoViewIfNeeded();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(400);
  await page.waitForTimeout(200);

  // A link from a messenger, or an address typed: a new page, not a return to one.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await scrollY(page)).toBe(0);

  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => scrollY(page)).toBe(600);
  await page.waitForTimeout(200);
  await page.reload();
  await expect.poll(() => scrollY(page)).toBe(600);
});
