import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAs, createUserAccount, demo, PHOTO } from '../support/api.ts';
import {
  addListing,
  createAgentAccount,
  markAsFraud,
  signIn,
  uniqueTitle,
  verifyListing,
} from '../support/listings.ts';
import { expect, refusedRequest, test } from '../support/test.ts';

/** The card of one property, wherever cards are listed. */
const card = (page: Page, title: string) => page.getByRole('article').filter({ hasText: title });

/** The app's one dialog: checks the title (and the spec's warning) and presses a button. */
async function answerDialog(page: Page, title: string, button: string, warning?: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  if (warning) await expect(dialog).toContainText(warning);
  await dialog.getByRole('button', { name: button }).click();
}

test('a visitor sees the three newest verified properties, then the user reviews', async ({
  page,
}) => {
  await page.goto('/');
  const newest = page.getByRole('region', { name: 'All New Properties' });
  await expect(newest.getByRole('article')).toHaveCount(3);
  await expect(newest.getByText('Verified')).toHaveCount(3);
  await expect(newest.getByRole('link', { name: /^Details/ })).toHaveCount(3);
  await expect(page.getByRole('heading', { level: 2, name: 'User Reviews' })).toBeVisible();
});

test('a user searches by location (kept in the address), resets, and opens the details', async ({
  page,
  consoleErrors,
}) => {
  // The last step opens the page of a listing that does not exist.
  consoleErrors.expect(refusedRequest(404, '/api/v1/listings/[^/]+'));
  // A verified listing in a place no other listing mentions, so the search finds exactly it.
  const place = `Tetulia ${randomUUID().slice(0, 6)}`;
  const title = uniqueTitle('Tea garden bungalow');
  const agent = await apiAs(await createAgentAccount());
  const id = await addListing(agent, { title, location: `${place}, Panchagarh` });
  await agent.dispose();
  await verifyListing(id);

  await signIn(page, await createUserAccount('E2E Browser'));
  await page.goto('/allproperties');
  const search = page.getByRole('searchbox', { name: 'Location' });
  await expect(search).toHaveAttribute('placeholder', 'Search by Location...');
  const results = page.getByRole('list', { name: 'Verified properties' }).getByRole('article');
  await expect(results.first()).toBeVisible();

  await search.fill(place);
  await expect(page).toHaveURL(`/allproperties?${new URLSearchParams({ location: place })}`);
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText(title);

  // A reload (or a shared link) keeps the search.
  await page.reload();
  await expect(search).toHaveValue(place);
  await expect(results).toHaveCount(1);

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL('/allproperties');
  await expect(search).toHaveValue('');
  await expect.poll(() => results.count()).toBeGreaterThan(1);

  await search.fill(`Nowhere ${randomUUID().slice(0, 6)}`);
  await expect(page.getByText('No Verified Property Found')).toBeVisible();

  await page.goto(`/allproperties?location=${encodeURIComponent(place)}`);
  await card(page, title)
    .getByRole('link', { name: /^Details/ })
    .click();
  await expect(page).toHaveURL(`/propertyDetails/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`${place}, Panchagarh`)).toBeVisible();
  await expect(page.getByText('5,000-5,100TK')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Reviews' })).toBeVisible();
  await expect(page.getByText('No Reviews')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add To Wishlist' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add A Review' })).toBeVisible();

  await page.goto(`/propertyDetails/${randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'Property not found' })).toBeVisible();
});

test('the search row keeps its boxes in one line when a price is refused, on a phone and a desktop', async ({
  page,
}) => {
  await signIn(page, await createUserAccount('E2E Searcher'));
  const search = page.getByRole('search');
  /** The top edge of each box in the row, rounded to the pixel. */
  const boxTops = (labels: string[]) =>
    Promise.all(
      labels.map(async (label) =>
        Math.round((await search.getByLabel(label).boundingBox())?.y ?? -1),
      ),
    );
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    // A refused minimum puts its reason under its box, not above it.
    await page.goto('/allproperties?minPrice=-500');
    await expect(search.getByText('The amount must be more than 0 TK.')).toBeVisible();
    const [minimum, maximum] = await boxTops(['Minimum price (TK)', 'Maximum price (TK)']);
    expect(maximum).toBe(minimum);
  }
  // In Bangla (the page keeps the reader's choice from here on) the maximum's label is the
  // longer one at 360 px, and the minimum's reason wraps.
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/allproperties?minPrice=9000000&maxPrice=100&lang=bn');
    await expect(search.getByText('সর্বনিম্ন দাম সর্বোচ্চ দামের চেয়ে বেশি হতে পারে না।')).toBeVisible();
    const [minimum, maximum] = await boxTops(['সর্বনিম্ন দাম (টাকা)', 'সর্বোচ্চ দাম (টাকা)']);
    expect(maximum).toBe(minimum);
    if (width === 1280) {
      const [location, sort] = await boxTops(['অবস্থান', 'সাজানোর ক্রম']);
      expect([location, sort]).toEqual([minimum, minimum]);
      const reset = await search.getByRole('button', { name: 'রিসেট' }).boundingBox();
      expect(Math.round(reset?.y ?? -1)).toBe(minimum);
    }
  }
});

test('an agent adds a property (every validation first), updates it, and an admin verifies it', async ({
  page,
  browser,
}) => {
  const title = uniqueTitle('Lake view flat');
  const location = `Sector ${randomUUID().slice(0, 6)}, Uttara, Dhaka`;
  await signIn(page, await createAgentAccount());
  await page.goto('/dashboard/add-property');
  const form = page.getByRole('main').locator('form');
  const submit = form.getByRole('button', { name: 'Add Property' });

  await submit.click();
  for (const message of [
    'Title is required.',
    'Location is required.',
    'Description is required.',
    'Minimum price is required.',
    'Maximum price is required.',
    'A photo of the property is required.',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }

  await page.getByLabel('Property title').fill(title);
  await page.getByLabel('Property location').fill(location);
  await page.getByLabel('Description').fill('Two bedrooms, a balcony over the lake.');
  await expect(page.getByLabel('Minimum price')).toHaveAccessibleDescription(/5000TK/);
  await expect(page.getByLabel('Maximum price')).toHaveAccessibleDescription(/5100TK/);
  await page.getByLabel('Minimum price').fill('five thousand');
  await page.getByLabel('Maximum price').fill('5100');
  await submit.click();
  await expect(form.getByText('Price cannot be a string')).toBeVisible();
  // The spec's warning toast says it too.
  await expect(page.getByText('Price cannot be a string')).toHaveCount(2);

  await page.getByLabel('Minimum price').fill('5200');
  await submit.click();
  await expect(form.getByText('Minimum price must be less than maximum price')).toBeVisible();

  await page.getByLabel('Minimum price').fill('5000');
  await page.getByLabel('Property photo').setInputFiles(PHOTO);
  await expect(page.getByRole('img', { name: 'Preview of the chosen photo' })).toBeVisible();
  await submit.click();
  await expect(page.getByText('Property Successfully Added')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/added-property');
  await expect(card(page, title)).toContainText('Pending');

  await card(page, title)
    .getByRole('link', { name: /^Update Property/ })
    .click();
  await expect(page.getByLabel('Property title')).toHaveValue(title);
  await expect(page.getByLabel('Minimum price')).toHaveValue('5000');
  const renovated = `${title} (renovated)`;
  await page.getByLabel('Property title').fill(renovated);
  await page.getByLabel('Maximum price').fill('5600');
  await page.getByRole('button', { name: 'Update Property' }).click();
  await expect(page.getByText('Property Successfully Updated')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/added-property');
  await expect(card(page, renovated)).toContainText('5,000-5,600TK');
  await expect(card(page, renovated)).toContainText('Pending');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, demo('admin'));
  await admin.goto('/dashboard/manage-properties');
  for (const label of ['Total', 'Verified', 'Pending', 'Rejected']) {
    await expect(
      admin.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }),
    ).toBeVisible();
  }
  await admin.getByLabel('Show', { exact: true }).selectOption('pending');
  await expect(admin).toHaveURL('/dashboard/manage-properties?status=pending');
  const row = admin.getByRole('row').filter({ hasText: renovated });
  await expect(row).toContainText(location);
  await row.getByRole('button', { name: /^Verify/ }).click();
  await answerDialog(
    admin,
    'Do you want to verify?',
    'Yes, verify it!',
    "You won't be able to revert this!",
  );
  await answerDialog(admin, 'Verified!', 'Close');
  await expect(row).toHaveCount(0);
  await adminContext.close();

  await page.goto(`/allproperties?location=${encodeURIComponent(location)}`);
  await expect(card(page, renovated)).toContainText('Verified');
});

test('an admin rejects a property: its agent sees Rejected, the reason, and cannot update it', async ({
  page,
  browser,
}) => {
  const agent = await createAgentAccount();
  const agentApi = await apiAs(agent);
  const title = uniqueTitle('Shop space');
  const id = await addListing(agentApi, { title });
  await agentApi.dispose();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, demo('admin'));
  await admin.goto('/dashboard/manage-properties?status=pending');
  const row = admin.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: /^Reject/ }).click();
  await admin
    .getByLabel('Reason for the agent (optional)')
    .fill('The photos do not show the shop.');
  await admin.getByRole('button', { name: 'Reject property' }).click();
  await answerDialog(
    admin,
    'Do you want to reject this property?',
    'Yes, reject it!',
    "You won't be able to revert this!",
  );
  await answerDialog(admin, 'Rejected!', 'Close');
  await adminContext.close();

  await signIn(page, agent);
  await page.goto('/dashboard/added-property');
  await expect(card(page, title)).toContainText('Rejected');
  await expect(card(page, title)).toContainText('The photos do not show the shop.');
  await expect(card(page, title).getByRole('button', { name: /^Update Property/ })).toBeDisabled();

  await page.goto(`/dashboard/update-property/${id}`);
  await expect(page.getByText('This listing was rejected, so it cannot be updated.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Property' })).toBeDisabled();
});

test('an agent marked as fraud cannot add properties', async ({ page }) => {
  const agent = await createAgentAccount('E2E Fraud Agent');
  await markAsFraud(agent.id);
  await signIn(page, agent);
  await page.goto('/dashboard/add-property');
  await expect(
    page.getByText("You cannot add any property as you're marked as fraud"),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fraud Agent', exact: true })).toBeDisabled();
});
