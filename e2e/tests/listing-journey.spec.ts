import { randomUUID } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import { JOURNEY_BASE_URL } from '../playwright.config.ts';
import { createUserAccount, demo } from '../support/api.ts';
import {
  captionsInOrder,
  factsOn,
  roomPhotos,
  verifyPendingListing,
} from '../support/listing-pages.ts';
import { createAgentAccount, signIn, uniqueTitle } from '../support/listings.ts';
import { expect, test } from '../support/test.ts';

// Issue 19's "Done when", as one story through the real UI: an agent adds a Gulshan flat
// with five photos; the admin verifies it; a buyer finds it with the new filters, shares the
// search and pages through its gallery; the agent raises the price, which waits for the
// admin's review of the diff; the page then reads, fact by fact, in Bangla. The listing-facts,
// listing-gallery, listing-search and listing-revisions specs test each step's details.

const PHOTO_UPLOADS = '**/api/v1/listing-photos';

/**
 * Holds each photo upload until the test lets it go, so each upload's progress can be seen
 * on its tile however fast or slow the machine is (no timer).
 */
async function holdPhotoUploads(page: Page) {
  const held: Route[] = [];
  await page.route(PHOTO_UPLOADS, (route) => {
    held.push(route);
  });
  return {
    /** Lets the one upload in flight go on (uploads go one at a time). */
    async releaseNext() {
      await expect.poll(() => held.length, 'an upload waiting to be let go').toBe(1);
      await held.shift()?.continue();
    },
    stop: () => page.unroute(PHOTO_UPLOADS),
  };
}

// On a Basha of its own: it compares whole result lists (servers.ts).
test.use({ baseURL: JOURNEY_BASE_URL });

test('an apartment from upload to review: found by its facts, paged through, repriced after review, read in Bangla', async ({
  page,
  browser,
  baseURL,
}) => {
  // Three browsers and a dozen pages: well under a minute on a quiet machine. The ceiling is
  // for a loaded one: at a load average of 22 on 2 cores every step took 2–5 s, and the
  // journey was halfway after 125 s.
  test.setTimeout(300_000);
  const title = uniqueTitle('Journey flat in Gulshan');
  const agent = await createAgentAccount('E2E Journey Agent', JOURNEY_BASE_URL);

  // The agent adds a 3-bed, 1 500 sq ft Gulshan flat with a lift and five photos.
  await signIn(page, agent, JOURNEY_BASE_URL);
  await page.goto('/dashboard/add-property');
  const form = page.getByRole('main').locator('form');
  await page.getByLabel('Property title').fill(title);
  await page.getByLabel('Property location').fill(`House ${randomUUID().slice(0, 4)}, Gulshan 2`);
  await page.getByLabel('Description').fill('Three bedrooms over the lake, with a lift.');
  await page.getByLabel('Minimum price').fill('15000000');
  await page.getByLabel('Maximum price').fill('16500000');
  await page.getByLabel('Division').selectOption('Dhaka');
  await page.getByLabel('District').selectOption('Dhaka');
  await page.getByLabel('Area (optional)').selectOption('Gulshan');
  await page.getByLabel('Type', { exact: true }).selectOption('Apartment/Flat');
  await page.getByLabel('Bedrooms').fill('3');
  await page.getByLabel('Bathrooms').fill('3');
  await page.getByLabel('Size', { exact: true }).fill('1500');
  await page.getByLabel('Floor (optional)').fill('6');
  await page.getByLabel('Total floors (optional)').fill('10');
  await page.getByLabel('Facing (optional)').selectOption('South');
  await page.getByLabel('Completion').selectOption('Ready');
  await page.getByLabel('Furnishing (optional)').selectOption('Furnished');
  await page.getByRole('checkbox', { name: 'Lift' }).check();
  await page.getByRole('checkbox', { name: 'Generator' }).check();
  await page.getByLabel('Property photo').setInputFiles(roomPhotos(5));
  for (let n = 1; n <= 5; n += 1) {
    await page.getByLabel(`Caption for photo ${n} (optional)`).fill(`Room ${n}`);
  }

  // Reordered by keyboard (announced), then by dragging the second photo onto the cover.
  await page.getByRole('button', { name: 'Move photo 4 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Photo moved to position 3 of 5.')).toBeAttached();
  const tiles = page.getByTestId('gallery-draft');
  await tiles.nth(1).dragTo(tiles.nth(0));
  const order = ['Room 2', 'Room 1', 'Room 4', 'Room 3', 'Room 5'];
  expect(await captionsInOrder(page)).toEqual(order);

  // Each upload shows its progress on its own tile, and a finished one shows it full.
  const uploads = await holdPhotoUploads(page);
  await form.getByRole('button', { name: 'Add Property' }).click();
  for (let n = 1; n <= 5; n += 1) {
    await expect(
      page.getByRole('progressbar', { name: `Upload progress of photo ${n}` }),
    ).toBeVisible();
    if (n > 1) {
      await expect(
        page.getByRole('progressbar', { name: `Upload progress of photo ${n - 1}` }),
      ).toHaveJSProperty('value', 100);
    }
    await uploads.releaseNext();
  }
  await expect(page.getByText('Property Successfully Added')).toBeVisible();
  await uploads.stop();
  await expect(page).toHaveURL('/dashboard/added-property');
  const myCard = page.getByRole('article').filter({ hasText: title });
  await expect(myCard).toContainText('5 photos');
  await expect(myCard).toContainText('Pending');

  // The admin verifies it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, demo('admin'), JOURNEY_BASE_URL);
  await verifyPendingListing(admin, title);

  // A buyer filters All Properties down to it.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signIn(
    buyer,
    await createUserAccount('E2E Journey Buyer', JOURNEY_BASE_URL),
    JOURNEY_BASE_URL,
  );
  await buyer.goto('/allproperties');
  await buyer.getByText('More filters').click();
  await buyer.getByRole('checkbox', { name: /^Apartment\/Flat/ }).check();
  await buyer.getByLabel('Bedrooms (at least)').selectOption('3');
  await buyer.getByLabel('Minimum size').fill('1200');
  await buyer.getByLabel('Maximum size').fill('1800');
  await expect(buyer).toHaveURL(/maxSize=1800/);
  await buyer.getByRole('checkbox', { name: 'Lift' }).check();
  await buyer.getByLabel('Division').selectOption('dhaka');
  await buyer.getByLabel('District').selectOption('dhaka');
  // The previous search's cards stay on screen, the list marked busy, until this search's
  // answer arrives: the results are read once it has.
  const areaAnswer = buyer.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/listings?') && response.url().includes('area=gulshan'),
  );
  await buyer.getByLabel('Area').selectOption('gulshan');
  await expect(buyer).toHaveURL(/area=gulshan/);
  await areaAnswer;
  const resultList = buyer.getByRole('list', { name: 'Verified properties' });
  await expect(resultList).not.toHaveAttribute('aria-busy', 'true');
  const results = resultList.getByRole('article');
  const found = results.filter({ hasText: title });
  await expect(found).toContainText('Apartment/Flat · 3 bed · 3 bath · 1,500 sq ft');
  const shownTitles = await results.getByRole('heading').allTextContents();

  // The search is its link: a second browser opening it sees the same results.
  const linkContext = await browser.newContext({ baseURL });
  const linkOpener = await linkContext.newPage();
  await signIn(
    linkOpener,
    await createUserAccount('E2E Journey Link Opener', JOURNEY_BASE_URL),
    JOURNEY_BASE_URL,
  );
  await linkOpener.goto(buyer.url());
  const linkResults = linkOpener
    .getByRole('list', { name: 'Verified properties' })
    .getByRole('article');
  await expect(linkResults.filter({ hasText: title })).toBeVisible();
  expect(await linkResults.getByRole('heading').allTextContents()).toEqual(shownTitles);
  await linkContext.close();

  // The buyer opens it and pages through its gallery full screen with the keyboard.
  await found.getByRole('link', { name: /^Details/ }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const cover = buyer.getByRole('button', { name: 'View all 5 photos' });
  await expect(cover.getByRole('img')).toHaveAttribute('alt', 'Room 2');
  await cover.click();
  const viewer = buyer.getByRole('dialog', { name: `Photos of ${title}` });
  await expect(viewer).toContainText('Photo 1 of 5');
  for (const [index, caption] of order.entries()) {
    if (index > 0) await buyer.keyboard.press('ArrowRight');
    await expect(viewer).toContainText(`Photo ${index + 1} of 5`);
    await expect(viewer.getByRole('img', { name: caption })).toBeVisible();
  }
  await buyer.keyboard.press('ArrowLeft');
  await expect(viewer).toContainText('Photo 4 of 5');
  await buyer.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(cover).toBeFocused();
  const oldPrice = '1,50,00,000-1,65,00,000TK';
  const newPrice = '1,65,00,000-1,80,00,000TK';
  await expect(buyer.getByText(oldPrice)).toBeVisible();

  // The agent raises the price: it waits for review, and buyers keep the verified price.
  await myCard.getByRole('link', { name: /^Update Property/ }).click();
  await expect(
    page.getByText(
      'This property is verified: your changes go live once an admin has reviewed them.',
    ),
  ).toBeVisible();
  await page.getByLabel('Minimum price').fill('16500000');
  await page.getByLabel('Maximum price').fill('18000000');
  await page.getByRole('button', { name: 'Update Property' }).click();
  await expect(page.getByText('Changes sent for review')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/added-property');
  await expect(myCard).toContainText('Changes awaiting review');
  await expect(myCard).toContainText(oldPrice);
  await buyer.reload();
  await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(buyer.getByText(oldPrice)).toBeVisible();
  await expect(buyer.getByText('Changes awaiting review')).toHaveCount(0);

  // The admin reads the diff and approves it.
  await admin.goto('/dashboard/manage-properties');
  const queue = admin.getByRole('region', { name: 'Edits awaiting review' });
  await queue.getByRole('button', { name: `Review changes to ${title}` }).click();
  const diff = queue.getByRole('table', { name: new RegExp(`Changes to “${title}”`) });
  const minimum = diff.getByRole('row', { name: /Minimum price/ });
  await expect(minimum).toContainText('1,50,00,000');
  await expect(minimum).toContainText('1,65,00,000');
  await expect(diff.getByRole('row', { name: /Maximum price/ })).toContainText('1,80,00,000');
  await queue.getByRole('button', { name: 'Approve changes' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Yes, approve them' }).click();
  await expect(admin.getByText(`The changes to “${title}” are live.`)).toBeVisible();
  await adminContext.close();

  // The new price is live, still verified, and its price per square foot follows.
  await buyer.reload();
  await expect(buyer.getByText(newPrice)).toBeVisible();
  await expect(buyer.getByText('Verified', { exact: true })).toBeVisible();
  expect(await factsOn(buyer, 'Property facts')).toMatchObject({
    Size: '1,500 sq ft',
    'Price per sq ft': '11,000–12,000 TK per sq ft',
    Amenities: 'Lift, Generator',
  });

  // The same page in Bangla: every fact, with Bangla digits and units.
  await buyer.getByRole('button', { name: 'Switch language to Bangla' }).click();
  await expect(buyer.locator('html')).toHaveAttribute('lang', 'bn');
  const bangla = await factsOn(buyer, 'প্রপার্টির তথ্য');
  expect(bangla).toMatchObject({
    অবস্থান: 'গুলশান, ঢাকা',
    ধরন: 'অ্যাপার্টমেন্ট/ফ্ল্যাট',
    আয়তন: '১,৫০০ বর্গফুট',
  });
  expect(Object.keys(bangla)).toHaveLength(11);
  for (const [label, value] of Object.entries(bangla)) {
    expect(`${label} ${value}`, label).not.toMatch(/[0-9A-Za-z]/);
  }
  await buyerContext.close();
});
