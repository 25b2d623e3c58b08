import { reviewMessages } from '@basha/domain';
import type { Page } from '@playwright/test';
import { apiAs, createUserAccount, demo, logInThroughUi } from '../support/api.ts';
import {
  agentWithVerifiedListing,
  publicListingsAt,
  reviewByFreshUser,
  uniqueWord,
  verifiedListingIds,
} from '../support/reviews-users.ts';
import { expect, refusedRequest, test } from '../support/test.ts';

/** Answers the spec's confirm dialog, then closes the success dialog that follows. */
async function confirmThenClose(
  page: Page,
  question: string,
  confirmLabel: string,
  done: { title: string; text?: string },
) {
  const confirm = page.getByRole('dialog', { name: question });
  await expect(confirm).toContainText("You won't be able to revert this!");
  await confirm.getByRole('button', { name: confirmLabel }).click();
  const success = page.getByRole('dialog', { name: done.title });
  if (done.text) await expect(success).toContainText(done.text);
  await success.getByRole('button', { name: 'Close' }).click();
  await expect(success).toBeHidden();
}

test('a user reviews a property on its details page and deletes it from My reviews', async ({
  page,
  consoleErrors,
}) => {
  // The second review of the same property is refused.
  consoleErrors.expect(refusedRequest(409, '/api/v1/listings/[^/]+/reviews'));
  const buyer = await createUserAccount('Review Writer');
  const api = await apiAs(buyer);
  const [listingId] = await verifiedListingIds(api, 1);
  await api.dispose();
  const text = `${uniqueWord('Spotless')} and close to the market.`;

  await logInThroughUi(page, buyer);
  await page.goto(`/propertyDetails/${listingId}`);
  await page.getByRole('button', { name: 'Add A Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review this property' });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText(reviewMessages.ratingRequired)).toBeVisible();
  await expect(dialog.getByText(reviewMessages.textRequired)).toBeVisible();
  // The stars are a radio group: keyboard users pick one with Space and move with the arrows.
  await dialog.getByRole('radio', { name: '3 stars' }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('radio', { name: '3 stars' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await dialog.getByLabel('Your review').fill(text);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Review Submitted')).toBeVisible();
  await expect(dialog).toBeHidden();
  const listed = page.getByRole('listitem').filter({ hasText: text });
  await expect(listed.getByRole('heading', { name: 'Review Writer' })).toBeVisible();
  await expect(listed.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();

  // One review per property: the page says so before a second one is typed…
  await expect(
    page.getByText(/^You reviewed this property on \d{2} \w+ \d{4}; each buyer reviews/),
  ).toBeVisible();
  // …and a second one is refused with the server's reason.
  await page.getByRole('button', { name: 'Add A Review' }).click();
  await expect(dialog.getByLabel('Your review')).toHaveValue('');
  // Mouse users click the star itself.
  await dialog.locator('label').filter({ hasText: '2 stars' }).click();
  await dialog.getByLabel('Your review').fill('Changed my mind.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(reviewMessages.alreadyReviewed)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/dashboard/my-reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'My Reviews' })).toBeVisible();
  const mine = page.getByRole('article').filter({ hasText: text });
  await expect(mine.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await mine.getByRole('button', { name: /^Delete the review of/ }).click();
  await confirmThenClose(page, 'Are you sure?', 'Yes, delete it!', { title: 'Deleted!' });
  await expect(page.getByText("You haven't reviewed any property yet!")).toBeVisible();
});

test('an admin deletes a user’s review and features another on the home page', async ({
  page,
  consoleErrors,
}) => {
  // A fourth featured review is refused.
  consoleErrors.expect(refusedRequest(409, '/api/v1/reviews/[^/]+/featured'));
  const keptText = `${uniqueWord('Featured')} rooftop with a view.`;
  const doomedText = `${uniqueWord('Doomed')} spam review.`;
  const kept = await reviewByFreshUser(keptText, 5);
  const doomed = await reviewByFreshUser(doomedText, 1);
  const admin = await apiAs(demo('admin'));
  const strip = await admin.get('/api/v1/reviews/featured');
  const demoFeatured = (
    (await strip.json()) as { items: { id: string; featured: boolean }[] }
  ).items.find((review) => review.featured);
  expect(demoFeatured, 'the demo data features three reviews').toBeDefined();
  const demoFeaturedId = demoFeatured?.id ?? '';

  try {
    await logInThroughUi(page, demo('admin'));
    await page.goto('/dashboard/manage-reviews');
    const keptRow = page.getByRole('row').filter({ hasText: keptText });
    // Three reviews are featured already: the server says why a fourth is refused.
    await keptRow.getByRole('button', { name: 'Feature' }).click();
    await expect(page.getByText(reviewMessages.tooManyFeatured)).toBeVisible();

    const freed = await admin.delete(`/api/v1/reviews/${demoFeaturedId}/featured`);
    expect(freed.status()).toBe(200);
    await keptRow.getByRole('button', { name: 'Feature' }).click();
    await expect(page.getByText('The review is now featured on the home page.')).toBeVisible();
    await expect(keptRow.getByText('Featured', { exact: true })).toBeVisible();
    await expect(keptRow.getByRole('button', { name: 'Unfeature' })).toBeVisible();

    const doomedRow = page.getByRole('row').filter({ hasText: doomedText });
    await doomedRow.getByRole('button', { name: 'Delete' }).click();
    await confirmThenClose(page, 'Are you sure?', 'Yes, delete it!', { title: 'Deleted!' });
    await expect(doomedRow).toHaveCount(0);
    const gone = await admin.get('/api/v1/reviews?limit=100');
    expect(JSON.stringify(await gone.json())).not.toContain(doomed.reviewId);

    await page.goto('/');
    const userReviews = page.getByRole('region', { name: 'User Reviews' });
    await expect(userReviews.getByText(keptText)).toBeVisible();
    await expect(userReviews.getByRole('listitem')).toHaveCount(3);
  } finally {
    // Leave the home strip as the demo data had it, for the other specs.
    await admin.delete(`/api/v1/reviews/${kept.reviewId}`);
    await admin.put(`/api/v1/reviews/${demoFeaturedId}/featured`);
    await admin.dispose();
  }
});

async function findUserRow(page: Page, email: string) {
  await page.goto('/dashboard/manage-users');
  await page.getByLabel('Search by name or email').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

test('an admin makes a user an agent, who then sees the agent dashboard', async ({
  page,
  browser,
}) => {
  const account = await createUserAccount('Future Agent');
  await logInThroughUi(page, demo('admin'));
  const row = await findUserRow(page, account.email);
  await expect(row.getByRole('cell', { name: 'User', exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Make Agent' }).click();
  await confirmThenClose(page, 'Make this user agent?', 'Make Agent', {
    title: 'Success',
    text: 'Future Agent is now an agent.',
  });
  await expect(row.getByRole('cell', { name: 'Agent', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Make Agent' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Mark Fraud' })).toBeEnabled();

  const agentPage = await browser.newPage();
  await logInThroughUi(agentPage, account);
  await agentPage.goto('/dashboard/profile');
  const menu = agentPage.getByRole('navigation', { name: 'Dashboard menu' });
  await expect(menu.getByRole('link', { name: 'Add Property' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Requested Properties' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Wishlist' })).toHaveCount(0);
  await agentPage.close();
});

test('an admin marks an agent as fraud: the listings go and the profile says so', async ({
  page,
  browser,
}) => {
  const { agent, location } = await agentWithVerifiedListing();
  expect(await publicListingsAt(location)).toBe(1);

  await logInThroughUi(page, demo('admin'));
  const row = await findUserRow(page, agent.email);
  await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Mark Fraud' }).click();
  await confirmThenClose(
    page,
    'Mark as fraud and remove all of his added properties?',
    'Mark Fraud',
    {
      title: 'Success',
    },
  );
  await expect(row.getByText('Fraud', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Mark Fraud' })).toBeDisabled();
  expect(await publicListingsAt(location)).toBe(0);

  const agentPage = await browser.newPage();
  await logInThroughUi(agentPage, agent);
  await agentPage.goto('/dashboard/profile');
  await expect(agentPage.getByText('Marked As Fraud')).toBeVisible();
  await agentPage.close();
});

test('an admin deletes a user, who can no longer log in; admins and self have no actions', async ({
  page,
  request,
}) => {
  const account = await createUserAccount('Spam Account');
  await logInThroughUi(page, demo('admin'));

  const self = await findUserRow(page, demo('admin').email);
  await expect(self.getByRole('button')).toHaveCount(0);

  const row = await findUserRow(page, account.email);
  await row.getByRole('button', { name: 'Delete' }).click();
  await confirmThenClose(page, 'Delete this user?', 'Delete', {
    title: 'Deleted!',
    text: 'Spam Account has been deleted.',
  });
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No users found.')).toBeVisible();

  const login = await request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(login.status()).toBe(401);
});
