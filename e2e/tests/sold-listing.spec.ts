import { createUserAccount, demo } from '../support/api.ts';
import { signInAs, soldListing } from '../support/offers.ts';
import { recordTrouble } from '../support/page-trouble.ts';
import { expect, refusedRequest, test } from '../support/test.ts';

test('a sold listing: its buyer, its agent and an admin see it with its sale; others do not', async ({
  page,
  consoleErrors,
}) => {
  const { agent, buyer, listingId, title } = await soldListing(
    { min: 70_000, max: 80_000 },
    75_000,
  );
  const trouble = recordTrouble(page);
  const details = `/propertyDetails/${listingId}`;
  const heading = page.getByRole('heading', { level: 1, name: title });
  const reviews = page.getByRole('region', { name: 'Reviews' });
  const review = 'We moved in last month: every word of the listing was true.';

  // The buyer: the sale is theirs, the reviews load, they may review, nothing else is offered.
  await signInAs(page, buyer);
  await page.goto(details);
  await expect(heading).toBeVisible();
  await expect(page.getByText('Sold', { exact: true })).toBeVisible();
  await expect(page.getByText(/^You bought this property for 75,000 TK on /)).toBeVisible();
  await expect(reviews.getByText('No Reviews')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add To Wishlist' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add A Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review this property' });
  await dialog.locator('label').filter({ hasText: '5 stars' }).click();
  await dialog.getByLabel('Your review').fill(review);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Review Submitted')).toBeVisible();
  await expect(reviews.getByText(review)).toBeVisible();

  // Its agent and an admin: the sale and the buyer's review; no action that cannot succeed.
  for (const viewer of [agent, demo('admin')]) {
    await signInAs(page, viewer);
    await page.goto(details);
    await expect(heading).toBeVisible();
    await expect(page.getByText(/^Sold for 75,000 TK on /)).toBeVisible();
    await expect(page.getByText(/^You bought this property/)).toHaveCount(0);
    await expect(reviews.getByText(review)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add To Wishlist' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add A Review' })).toHaveCount(0);
  }
  expect(trouble).toEqual([]);

  // Anyone else: the property is no longer listed (the details request is refused with 404).
  consoleErrors.expect(refusedRequest(404, `/api/v1/listings/${listingId}`));
  await signInAs(page, await createUserAccount('E2E Latecomer'));
  await page.goto(details);
  await expect(page.getByRole('heading', { level: 1, name: 'Property not found' })).toBeVisible();
  await expect(heading).toHaveCount(0);
});
