import type { Locator, Page } from '@playwright/test';
import { apiAs, createUserAccount, demo } from '../support/api.ts';
import {
  addListing,
  createAgentAccount,
  LISTING_FACTS,
  signIn,
  uniqueTitle,
  verifyListing,
} from '../support/listings.ts';
import { agentWithVerifiedListing, offerByFreshBuyer } from '../support/offers.ts';
import { expect, test } from '../support/test.ts';

// The agent's and the admin's tables on a 360 px phone: every field and every action on
// screen without a sideways scroll, every target at least 24 × 24 px (WCAG 2.2, 2.5.8).

const PHONE = { width: 360, height: 780 };
/** WCAG 2.2 target size (minimum), in CSS pixels. */
const MIN_TARGET = 24;

test.use({ viewport: PHONE });

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
  }));
  expect(widths.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(widths.innerWidth);
}

/** Every button and link of the rows: inside the screen's width and at least 24 × 24 px. */
async function expectTargetsOnScreenAndLargeEnough(rows: Locator) {
  const targets = await rows.evaluateAll((elements) =>
    elements.flatMap((row) =>
      Array.from(row.querySelectorAll('button, a[href]'), (target) => {
        const box = target.getBoundingClientRect();
        return {
          name: `${target.tagName} "${target.textContent?.trim()}"`,
          left: box.left,
          right: box.right,
          width: box.width,
          height: box.height,
        };
      }),
    ),
  );
  expect(targets.length).toBeGreaterThan(0);
  const offScreen = targets.filter((t) => t.left < 0 || t.right > PHONE.width);
  expect(offScreen, 'targets outside the screen').toEqual([]);
  const small = targets.filter((t) => t.width < MIN_TARGET || t.height < MIN_TARGET);
  expect(small, `targets smaller than ${MIN_TARGET} px`).toEqual([]);
}

/** Each of the row's actions, scrolled to, is fully on screen. */
async function expectActionsVisible(row: Locator, names: RegExp[]) {
  for (const name of names) {
    const action = row.getByRole('button', { name });
    await action.scrollIntoViewIfNeeded();
    await expect(action).toBeInViewport({ ratio: 1 });
  }
}

test('Requested Properties on a phone: every offer with its buyer, price and both answers', async ({
  page,
}) => {
  const { agent, listingId, title } = await agentWithVerifiedListing({ min: 50_000, max: 60_000 });
  const buyer = await offerByFreshBuyer('E2E Phone Buyer', listingId, 55_000);
  await signIn(page, agent);
  await page.goto('/dashboard/requested-properties');
  const offers = page.getByRole('list', { name: 'Offers on your properties, newest first' });
  const card = offers.getByRole('listitem').filter({ hasText: buyer.email });
  await expect(card).toContainText(title);
  await expect(card).toContainText('55,000');
  await expectActionsVisible(card, [/^Accept/, /^Reject/]);
  await expectNoSidewaysScroll(page);
  await expectTargetsOnScreenAndLargeEnough(offers.getByRole('listitem'));
});

test('Manage Properties on a phone: a pending listing with Verify and Reject, and the reason form', async ({
  page,
}) => {
  const agentApi = await apiAs(await createAgentAccount('E2E Phone Agent'));
  const title = uniqueTitle('Phone flat');
  await addListing(agentApi, { title });
  await agentApi.dispose();
  await signIn(page, demo('admin'));
  await page.goto('/dashboard/manage-properties?status=pending');
  const listings = page.getByRole('list', { name: 'Properties, newest first' });
  const card = listings.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('E2E Phone Agent');
  await expectActionsVisible(card, [/^Verify/, /^Reject/]);
  await card.getByRole('button', { name: /^Reject/ }).click();
  await expect(card.getByLabel('Reason for the agent (optional)')).toBeVisible();
  await expectActionsVisible(card, [/^Reject property$/, /^Cancel$/]);
  await expectNoSidewaysScroll(page);
  await expectTargetsOnScreenAndLargeEnough(listings.getByRole('listitem'));
});

test('Manage Users on a phone: every account with its role and all its actions', async ({
  page,
}) => {
  const user = await createUserAccount('E2E Phone User');
  await signIn(page, demo('admin'));
  await page.goto('/dashboard/manage-users');
  await page.getByLabel('Search by name or email').fill(user.email);
  const users = page.getByRole('list', { name: 'Manage Users' });
  const card = users.getByRole('listitem').filter({ hasText: user.email });
  await expect(card).toContainText('User');
  await expectActionsVisible(card, [/^Make Admin$/, /^Make Agent$/, /^Delete$/]);
  await page.getByLabel('Search by name or email').fill('');
  await expect.poll(() => users.getByRole('listitem').count()).toBeGreaterThan(1);
  await expectNoSidewaysScroll(page);
  await expectTargetsOnScreenAndLargeEnough(users.getByRole('listitem'));
});

test('Manage Reviews on a phone: every review with its property link, Feature and Delete', async ({
  page,
}) => {
  await signIn(page, demo('admin'));
  await page.goto('/dashboard/manage-reviews');
  const reviews = page.getByRole('list', { name: 'Manage Reviews' });
  const card = reviews.getByRole('listitem').first();
  await expect(card).toBeVisible();
  await expectActionsVisible(card, [/^(Feature|Unfeature)$/, /^Delete$/]);
  await expectNoSidewaysScroll(page);
  await expectTargetsOnScreenAndLargeEnough(reviews.getByRole('listitem'));
});

test('An edit awaiting review on a phone: each field named in whole words beside its old and new value', async ({
  page,
}) => {
  const agentApi = await apiAs(await createAgentAccount('E2E Phone Reviser'));
  const title = uniqueTitle('Phone edit');
  const id = await addListing(agentApi, { title });
  await verifyListing(id);
  const edited = await agentApi.put(`/api/v1/listings/${id}`, {
    multipart: {
      title,
      location: 'Sector 11, Uttara, Dhaka',
      description: 'A bright flat seeded by an end-to-end test, newly painted throughout.',
      priceMin: '9000',
      priceMax: '9500',
      ...LISTING_FACTS,
    },
  });
  expect(edited.ok(), await edited.text()).toBe(true);
  await agentApi.dispose();

  await signIn(page, demo('admin'));
  await page.goto('/dashboard/manage-properties');
  const queue = page.getByRole('region', { name: 'Edits awaiting review' });
  await queue.getByRole('button', { name: `Review changes to ${title}` }).click();
  const diff = queue.getByRole('table', { name: new RegExp(`Changes to “${title}”`) });
  await expect(diff.getByRole('row', { name: /Minimum price/ })).toContainText('9,000');
  // A name takes at most a line per word ("Minimum price": two), never a letter or two a line.
  const names = await diff.locator('th').evaluateAll((headers) =>
    headers.map((header) => {
      const range = document.createRange();
      range.selectNodeContents(header);
      const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
      const text = header.textContent?.trim() ?? '';
      return { text, words: text.split(/\s+/).length, lines: lines.size };
    }),
  );
  expect(names.map((name) => name.text)).toEqual(
    expect.arrayContaining(['Field', 'Description', 'Minimum price', 'Maximum price']),
  );
  expect(names.filter((name) => name.lines > name.words)).toEqual([]);
  await expectNoSidewaysScroll(page);
});

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Manage Properties at 1440 px: a pending listing’s Verify and Reject in its frame, no sideways scroll; narrower, its card', async ({
    page,
  }) => {
    const agentApi = await apiAs(await createAgentAccount('E2E Laptop Agent'));
    const title = uniqueTitle('Laptop flat');
    // The widest price the demo has: "11,00,00,000-12,50,00,000TK" never breaks.
    await addListing(agentApi, { title, priceMin: 110_000_000, priceMax: 125_000_000 });
    await agentApi.dispose();
    await signIn(page, demo('admin'));
    await page.goto('/dashboard/manage-properties?status=pending');
    const table = page.getByRole('table', { name: 'Properties, newest first' });
    const row = table.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('E2E Laptop Agent');
    // Beside the dashboard's menu the frame is about 980 px wide: the table fits in it, so the
    // actions are where the eye looks for them, not behind a sideways scroll (was 1 150 px).
    const frame = await table.evaluate((element) => {
      const scroller = element.parentElement as HTMLElement;
      return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth };
    });
    expect(frame.scrollWidth, 'the table scrolls sideways in its frame').toBe(frame.clientWidth);
    await row.scrollIntoViewIfNeeded();
    for (const name of [/^Verify/, /^Reject/]) {
      await expect(row.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
    }
    // A narrower laptop window leaves the table too little room: one card per listing.
    await page.setViewportSize({ width: 1100, height: 900 });
    const card = page
      .getByRole('list', { name: 'Properties, newest first' })
      .getByRole('listitem')
      .filter({ hasText: title });
    await expectActionsVisible(card, [/^Verify/, /^Reject/]);
    await expect(table).toHaveCount(0);
  });
});
