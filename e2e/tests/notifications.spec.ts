import type { Browser, Page } from '@playwright/test';
import { apiAs, createUserAccount } from '../support/api.ts';
import { scan } from '../support/axe.ts';
import {
  agentWithVerifiedListing,
  dhakaDate,
  signInAs,
  wishThroughApi,
} from '../support/offers.ts';
import { expect, test } from '../support/test.ts';

/** A page of its own browser context, signed in as the account (a second person at once). */
async function pageOf(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, account);
  return page;
}

const bell = (page: Page, name: string | RegExp) =>
  page.getByRole('banner').getByRole('button', { name, exact: typeof name === 'string' });

test('the bells count a new offer and its acceptance live, and clear with mark all read', async ({
  browser,
}) => {
  const { agent, listingId, title } = await agentWithVerifiedListing({ min: 40_000, max: 45_000 });
  const buyer = await createUserAccount('E2E Bell Buyer');
  const agentPage = await pageOf(browser, agent);
  const buyerPage = await pageOf(browser, buyer);

  // The agent was made an agent and had the listing verified: two unread already.
  await agentPage.goto('/dashboard/added-property');
  await expect(bell(agentPage, 'Notifications, 2 unread')).toBeVisible();
  await buyerPage.goto('/allproperties');
  await expect(bell(buyerPage, 'Notifications')).toBeVisible();

  // The buyer offers through the UI; the agent's bell counts it without a reload.
  await wishThroughApi(buyer, listingId);
  await buyerPage.goto('/dashboard/wishlist');
  await buyerPage.getByRole('link', { name: /^Make An Offer/ }).click();
  await buyerPage.getByLabel('Offered price (TK)').fill('42000');
  await buyerPage.getByLabel('Deadline').fill(dhakaDate(7));
  await buyerPage.getByRole('button', { name: 'Send Offer' }).click();
  await expect(buyerPage).toHaveURL(/\/dashboard\/property-bought$/);
  await expect(bell(agentPage, 'Notifications, 3 unread')).toBeVisible({ timeout: 2000 });

  // The agent follows the entry to the offer and accepts it.
  await bell(agentPage, 'Notifications, 3 unread').click();
  const agentList = agentPage.getByRole('region', { name: 'Notifications' });
  await agentList.getByRole('link', { name: `New offer of 42,000 TK on "${title}".` }).click();
  await expect(agentPage).toHaveURL(/\/dashboard\/requested-properties$/);
  await expect(bell(agentPage, 'Notifications, 2 unread')).toBeVisible();
  const row = agentPage.getByRole('row').filter({ hasText: buyer.email });
  await row.getByRole('button', { name: /^Accept/ }).click();
  await agentPage
    .getByRole('dialog', { name: 'Accept this offer?' })
    .getByRole('button', { name: 'Yes, accept it!' })
    .click();
  await expect(row.getByText('Accepted')).toBeVisible();

  // The buyer's bell says so, live, and the buyer's offers show it too.
  await expect(bell(buyerPage, 'Notifications, 1 unread')).toBeVisible({ timeout: 2000 });
  await expect(buyerPage.getByRole('link', { name: 'Pay 42,000TK' })).toBeVisible();
  await bell(buyerPage, 'Notifications, 1 unread').click();
  const buyerList = buyerPage.getByRole('region', { name: 'Notifications' });
  await expect(
    buyerList.getByRole('link', { name: `Your offer on "${title}" was accepted` }),
  ).toBeVisible();

  // Both clear with mark all read.
  await buyerList.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell(buyerPage, 'Notifications')).toBeVisible();
  await bell(agentPage, 'Notifications, 2 unread').click();
  await agentPage
    .getByRole('region', { name: 'Notifications' })
    .getByRole('button', { name: 'Mark all read' })
    .click();
  await expect(bell(agentPage, 'Notifications')).toBeVisible();
  await agentPage.reload();
  await expect(bell(agentPage, 'Notifications')).toBeVisible();

  await agentPage.context().close();
  await buyerPage.context().close();
});

test('in Bangla: the bells count live in Bangla digits and the entries read in Bangla', async ({
  browser,
}) => {
  const { agent, listingId, title } = await agentWithVerifiedListing({ min: 40_000, max: 45_000 });
  const buyer = await createUserAccount('E2E Bangla Bell Buyer');
  const agentPage = await pageOf(browser, agent);
  const buyerPage = await pageOf(browser, buyer);
  for (const page of [agentPage, buyerPage]) {
    await page.goto('/');
    await page.getByRole('button', { name: 'Switch language to Bangla' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  }
  await expect(bell(agentPage, 'নোটিফিকেশন, ২টি অপঠিত')).toBeVisible();
  await expect(bell(buyerPage, 'নোটিফিকেশন')).toBeVisible();

  // The offer and its acceptance, through the API: the pages only listen.
  const itemId = await wishThroughApi(buyer, listingId);
  const buyerApi = await apiAs(buyer);
  const offered = await buyerApi.post(`/api/v1/wishlist/${itemId}/offer`, {
    data: { amount: 41_000, deadline: dhakaDate(7) },
  });
  expect(offered.status(), await offered.text()).toBe(201);
  const { id: offerId } = (await offered.json()) as { id: string };
  await buyerApi.dispose();
  await expect(bell(agentPage, 'নোটিফিকেশন, ৩টি অপঠিত')).toBeVisible({ timeout: 2000 });
  await bell(agentPage, 'নোটিফিকেশন, ৩টি অপঠিত').click();
  await expect(
    agentPage
      .getByRole('region', { name: 'নোটিফিকেশন' })
      .getByText(`"${title}"-এ ৪১,০০০ টাকার নতুন অফার এসেছে।`),
  ).toBeVisible();

  const agentApi = await apiAs(agent);
  const accepted = await agentApi.post(`/api/v1/offers/${offerId}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  await agentApi.dispose();
  await expect(bell(buyerPage, 'নোটিফিকেশন, ১টি অপঠিত')).toBeVisible({ timeout: 2000 });
  await bell(buyerPage, 'নোটিফিকেশন, ১টি অপঠিত').click();
  const buyerList = buyerPage.getByRole('region', { name: 'নোটিফিকেশন' });
  await expect(buyerList.getByText(`"${title}"-এ আপনার অফার গৃহীত হয়েছে।`)).toBeVisible();
  await buyerList.getByRole('button', { name: 'সব পঠিত হিসেবে চিহ্নিত করুন' }).click();
  await expect(bell(buyerPage, 'নোটিফিকেশন')).toBeVisible();

  await agentPage
    .getByRole('region', { name: 'নোটিফিকেশন' })
    .getByRole('button', { name: 'সব পঠিত হিসেবে চিহ্নিত করুন' })
    .click();
  await expect(bell(agentPage, 'নোটিফিকেশন')).toBeVisible();

  await agentPage.context().close();
  await buyerPage.context().close();
});

test('at 360 px the bell and its list fit the screen, work from the keyboard and pass axe', async ({
  page,
}) => {
  const { agent } = await agentWithVerifiedListing({ min: 40_000, max: 45_000 });
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, agent);
  await page.goto('/');
  const button = bell(page, 'Notifications, 2 unread');
  await button.focus();
  await page.keyboard.press('Enter');
  const list = page.getByRole('region', { name: 'Notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const box = await list.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  expect((await scan(page)).violations).toEqual([]);

  // Tab reaches the entries and their buttons; Escape closes the list.
  await page.keyboard.press('Tab');
  await expect(list.getByRole('button', { name: 'Mark all read' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
});
