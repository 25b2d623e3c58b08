import { request } from '@playwright/test';
import { RAILS_BASE_URL } from '../playwright.config.ts';
import { demo, logInThroughUi } from '../support/api.ts';
import { dhakaDate } from '../support/offers.ts';
import { expect, test } from '../support/test.ts';

/** An API client of the rails server, signed in as a demo account. */
async function railsApiAs(account: { email: string; password: string }) {
  const api = await request.newContext({
    baseURL: RAILS_BASE_URL,
    extraHTTPHeaders: { origin: RAILS_BASE_URL },
  });
  const login = await api.post('/api/auth/sign-in/email', { data: account });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

/**
 * The demo user offers on one of the demo agent's listings that has no accepted offer yet,
 * and the agent accepts.
 */
async function acceptedOfferOfDemoUser(): Promise<string> {
  const agent = await railsApiAs(demo('agent'));
  const buyer = await railsApiAs(demo('user'));
  type Mine = { id: string; status: string; price: { min: number }; delisted: boolean };
  const mine = (await (await agent.get('/api/v1/listings/mine?limit=50')).json()) as {
    items: Mine[];
  };
  try {
    for (const listing of mine.items.filter((l) => l.status === 'verified' && !l.delisted)) {
      const wished = await buyer.post('/api/v1/wishlist', { data: { listingId: listing.id } });
      if (wished.status() !== 201) continue;
      const itemId = ((await wished.json()) as { id: string }).id;
      const offered = await buyer.post(`/api/v1/wishlist/${itemId}/offer`, {
        data: { amount: listing.price.min, deadline: dhakaDate(10) },
      });
      if (offered.status() !== 201) continue;
      const offerId = ((await offered.json()) as { id: string }).id;
      const accepted = await agent.post(`/api/v1/offers/${offerId}/accept`);
      if (accepted.status() === 200) return offerId;
    }
    throw new Error('no demo listing of the demo agent could take an accepted offer');
  } finally {
    await agent.dispose();
    await buyer.dispose();
  }
}

// Basha with SSLCommerz and bKash enabled, in a real browser, against local stand-ins for
// both gateways (apps/api/test/fake-*-server.ts, started by rails/fake-rails.ts): the buyer
// leaves for the gateway's page and is posted or redirected back, as with the real ones.

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

test('with SSLCommerz, in Bangla: a failed payment leaves the offer payable; paying records it once', async ({
  page,
}) => {
  const offerId = await acceptedOfferOfDemoUser();
  await logInThroughUi(page, demo('user'));
  await page.goto('/');
  await page.getByRole('button', { name: 'Switch language to Bangla' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.goto(`/dashboard/property-bought/payment/${offerId}`);

  await expect(page.getByRole('heading', { name: 'কীভাবে পরিশোধ করতে চান?' })).toBeVisible();
  await page.getByRole('radio', { name: /^এসএসএলকমার্জ/ }).check();
  await page.getByRole('button', { name: 'এগিয়ে যান' }).click();
  const payAtGateway = page.getByRole('link', { name: /এসএসএলকমার্জ .*দিয়ে .* পরিশোধ করুন/ });
  await payAtGateway.click();
  await expect(page.getByRole('heading', { name: 'SSLCommerz test gateway' })).toBeVisible();
  await page.getByRole('button', { name: 'Fail' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'পেমেন্ট ব্যর্থ হয়েছে।' })).toBeVisible();

  await page.getByRole('radio', { name: /^এসএসএলকমার্জ/ }).check();
  await page.getByRole('button', { name: 'এগিয়ে যান' }).click();
  await payAtGateway.click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('পেমেন্ট সফল হয়েছে। আপনার রসিদ নিচে দেওয়া আছে।')).toBeVisible();
  const receipt = page.getByRole('region', { name: 'পেমেন্টের রসিদ' });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByText(/^BTX[0-9A-F]{12}$/)).toBeVisible();
});

test('an admin refunds a paid offer: the buyer’s receipt shows the refund and the property is for sale again', async ({
  page,
  browser,
}) => {
  const offerId = await acceptedOfferOfDemoUser();
  await logInThroughUi(page, demo('user'));
  await page.goto(`/dashboard/property-bought/payment/${offerId}`);
  await page.getByRole('radio', { name: 'bKash', exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: /^Pay .* with bKash$/ }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  const receipt = page.getByRole('region', { name: 'Payment Receipt' });
  await expect(receipt).toBeVisible();

  const buyerApi = await railsApiAs(demo('user'));
  const paid = (await (await buyerApi.get(`/api/v1/receipts/${offerId}`)).json()) as {
    listing: { id: string; title: string };
  };
  await buyerApi.dispose();
  const details = `/propertyDetails/${paid.listing.id}`;

  // The admin refunds it from the payments page, after confirming.
  const adminContext = await browser.newContext({ baseURL: RAILS_BASE_URL });
  const admin = await adminContext.newPage();
  await logInThroughUi(admin, demo('admin'));
  await admin.goto('/dashboard/payments');
  await expect(admin.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: paid.listing.title }).first();
  await row.getByRole('button', { name: 'Refund' }).click();
  const confirm = admin.getByRole('dialog');
  await expect(confirm).toContainText(`for "${paid.listing.title}"?`);
  await confirm.getByRole('button', { name: 'Refund' }).click();
  await expect(
    admin.getByText(`The payment for "${paid.listing.title}" was refunded.`),
  ).toBeVisible();
  await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Refund' })).toHaveCount(0);

  // The property is on the market again.
  await admin.goto(details);
  await expect(admin.getByRole('heading', { level: 1, name: paid.listing.title })).toBeVisible();
  await expect(admin.getByText('Sold', { exact: true })).toHaveCount(0);
  await adminContext.close();

  // The buyer's receipt says so, with bKash's refund reference.
  await page.reload();
  await expect(receipt).toBeVisible();
  await expect(receipt.getByText(/ · Refunded on /)).toBeVisible();
  await expect(
    receipt
      .locator('dt:has-text("Refund reference") + dd')
      .filter({ hasText: /^RTX[0-9A-F]{10}$/ }),
  ).toBeVisible();
  await page.goto('/dashboard/property-bought');
  await expect(
    page.getByRole('article').filter({ hasText: paid.listing.title }).getByText('Refunded', {
      exact: true,
    }),
  ).toBeVisible();
});
