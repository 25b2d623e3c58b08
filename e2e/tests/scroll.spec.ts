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
