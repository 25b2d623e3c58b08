import { RAILS_BASE_URL } from '../playwright.config.ts';
import { demo, logInThroughUi } from '../support/api.ts';
import { expect, test } from '../support/test.ts';

// Basha with SSLCommerz and bKash enabled, in a real browser, against local stand-ins for
// both gateways (apps/api/test/fake-*-server.ts, started by rails/fake-rails.ts): the
// buyer leaves for the gateway's page and is posted or redirected back, as with the real ones.

const LISTING = 'Renovated 3-bed flat on a quiet lane'; // the demo user's accepted offer

test.use({ baseURL: RAILS_BASE_URL });

test('with bKash: cancelling leaves the offer payable; paying marks it paid with bKash’s reference', async ({
  page,
}) => {
  await logInThroughUi(page, demo('user'));
  await page.goto('/dashboard/property-bought');
  const card = page.getByRole('article').filter({ hasText: LISTING });
  await card.getByRole('link', { name: /^Pay / }).click();

  await expect(page.getByRole('heading', { name: 'How would you like to pay?' })).toBeVisible();
  await page.getByRole('radio', { name: 'bKash', exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('link', { name: /^Pay .* with bKash$/ }).click();
  await expect(page.getByRole('heading', { name: 'bKash test checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You cancelled the payment.' }),
  ).toBeVisible();

  // A second attempt resumes the same payment.
  await page.getByRole('radio', { name: 'bKash', exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: /^Pay .* with bKash$/ }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Payment successful. Your receipt is below.')).toBeVisible();
  const receipt = page.getByRole('region', { name: 'Payment Receipt' });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByText(LISTING)).toBeVisible();
  const reference = (
    (await receipt.locator('dt:has-text("Transaction reference") + dd').textContent()) ?? ''
  ).trim();
  expect(reference).toMatch(/^TRX[0-9A-F]{10}$/);

  await page.goto('/dashboard/property-bought');
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
});
