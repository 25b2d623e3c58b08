import path from 'node:path';
import { FAKE_STRIPE_URL, STRIPE_BASE_URL } from '../playwright.config.ts';
import { demo, logInThroughUi } from '../support/api.ts';
import { expect, refusedRequest, test } from '../support/test.ts';

// Basha configured for Stripe, in a real browser. Stripe's servers cannot be reached from
// this machine, so two stand-ins take their place: stripe/fake-stripe.js is served instead
// of Stripe.js from js.stripe.com, and calls to api.stripe.com go to the local fake Stripe
// (stripe/fake-stripe-cloud.ts), which also sends the signed webhook. Everything on Basha's
// side is the real thing: the build, the CSP, the API, the SDK, the webhook handler.

const FAKE_STRIPE_JS = path.join(import.meta.dirname, '../stripe/fake-stripe.js');
const LISTING = 'Renovated 3-bed flat on a quiet lane'; // the demo user's accepted offer

test.use({ baseURL: STRIPE_BASE_URL });

test.beforeEach(async ({ page }) => {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ path: FAKE_STRIPE_JS, contentType: 'text/javascript' }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const { pathname, search } = new URL(route.request().url());
    const response = await route.fetch({ url: `${FAKE_STRIPE_URL}${pathname}${search}` });
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'access-control-allow-origin': '*' },
    });
  });
});

test('with Stripe: a declined card shows Stripe’s message; a good card pays once the webhook lands', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expect(refusedRequest(402, '/v1/payment_intents/[^/]+/confirm'));
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  await logInThroughUi(page, demo('user'));
  await page.goto('/dashboard/property-bought');
  const card = page.getByRole('article').filter({ hasText: LISTING });
  await card.getByRole('link', { name: /^Pay / }).click();
  await expect(page.getByText('Payment provider: Stripe')).toBeVisible();

  const field = page.getByLabel('Card number (Stripe)');
  const pay = page.getByRole('button', { name: /^Pay / });
  await expect(field).toBeVisible();
  await expect(pay).toBeDisabled(); // until the card is complete

  await field.fill('4000 0000 0000 0002');
  await pay.click();
  const declined = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(declined).toBeVisible();
  await expect(declined).toHaveClass(/text-red-700/);

  await field.fill('4242 4242 4242 4242');
  await pay.click();
  await expect(
    page.getByText('Stripe accepted your card. Waiting for the payment to be confirmed…'),
  ).toBeVisible();
  const receipt = page.getByRole('region', { name: 'Payment Receipt' });
  await expect(receipt).toBeVisible({ timeout: 15_000 });
  await expect(receipt.getByText(LISTING)).toBeVisible();
  await expect(receipt.getByText('ending in 4242')).toBeVisible();
  const reference = (
    (await receipt.locator('dt:has-text("Transaction reference") + dd').textContent()) ?? ''
  ).trim();
  expect(reference).toMatch(/^pi_[0-9a-f]{24}$/);

  await page.goto('/dashboard/property-bought');
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await expect(card.getByText(reference)).toBeVisible();
  expect(blocked).toEqual([]);
});
