import { createUserAccount } from '../support/api.ts';
import { agentWithVerifiedListing, dhakaDate, signInAs } from '../support/offers.ts';
import { recordTrouble } from '../support/page-trouble.ts';
import { expect, test } from '../support/test.ts';

test('a whole offer journey, wish to receipt, without one console error or failed request', async ({
  page,
}) => {
  const { agent, listingId, title } = await agentWithVerifiedListing({ min: 40_000, max: 45_000 });
  const buyer = await createUserAccount('E2E Clean Buyer');
  const trouble = recordTrouble(page);

  // The buyer wishes for the property and offers on it.
  await signInAs(page, buyer);
  await page.goto(`/propertyDetails/${listingId}`);
  await page.getByRole('button', { name: 'Add To Wishlist' }).click();
  await expect(page).toHaveURL(/\/dashboard\/wishlist$/);
  await page.getByRole('link', { name: /^Make An Offer/ }).click();
  await expect(page.getByRole('heading', { name: 'Make An Offer', level: 1 })).toBeVisible();
  await page.getByLabel('Offered price (TK)').fill('42000');
  await page.getByLabel('Deadline').fill(dhakaDate(7));
  await page.getByRole('button', { name: 'Send Offer' }).click();
  await expect(
    page.getByText('Offer successfully made and property removed from wishlist!'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/property-bought$/);
  await expect(page.getByText('Agent Acceptance: Pending')).toBeVisible();
  // Whatever the page still asks for after the offer has had time to arrive.
  await page.waitForLoadState('networkidle');

  // The agent accepts it.
  await signInAs(page, agent);
  await page.goto('/dashboard/requested-properties');
  const row = page.getByRole('row').filter({ hasText: buyer.email });
  await row.getByRole('button', { name: /^Accept/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Accept this offer?' });
  await expect(confirm).toContainText('No other offer on this property will be rejected.');
  await confirm.getByRole('button', { name: 'Yes, accept it!' }).click();
  await expect(page.getByText('Offer Accepted')).toBeVisible();
  await expect(row.getByText('Accepted')).toBeVisible();

  // The buyer pays and gets the receipt.
  await signInAs(page, buyer);
  await page.goto('/dashboard/property-bought');
  await page.getByRole('link', { name: 'Pay 42,000TK' }).click();
  const pay = page.getByRole('button', { name: 'Pay 42,000 TK' });
  await expect(pay).toBeEnabled();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('Security code (CVC)').fill('123');
  await pay.click();
  const receipt = page.getByRole('region', { name: 'Payment Receipt' });
  await expect(receipt.getByText(title)).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(trouble).toEqual([]);
});
