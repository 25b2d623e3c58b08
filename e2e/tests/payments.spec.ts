import { apiAs } from '../support/api.ts';
import { agentWithVerifiedListing, offerByFreshBuyer, signInAs } from '../support/offers.ts';
import { expect, refusedRequest, test } from '../support/test.ts';

const PRICE = { min: 50_000, max: 60_000 };

test('a declined card changes nothing; a good card pays, with a receipt, Paid and the sale', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expect(refusedRequest(402, '/api/v1/offers/[^/]+/payment'));
  // Seeded through the API: an agent's verified listing, a buyer's offer, the agent accepts.
  const { agent, listingId, title } = await agentWithVerifiedListing(PRICE);
  const buyer = await offerByFreshBuyer('E2E Payer', listingId, 55_000);
  const agentApi = await apiAs(agent);
  const received = await agentApi.get('/api/v1/offers/received?status=pending');
  expect(received.status(), await received.text()).toBe(200);
  const { items } = (await received.json()) as {
    items: { id: string; buyer: { email: string } }[];
  };
  const offer = items.find((item) => item.buyer.email === buyer.email);
  if (!offer) throw new Error('the buyer offer did not reach the agent');
  const accepted = await agentApi.post(`/api/v1/offers/${offer.id}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  await agentApi.dispose();

  await signInAs(page, buyer);
  await page.goto('/dashboard/property-bought');
  await page.getByRole('link', { name: 'Pay 55,000TK' }).click();
  await expect(page.getByRole('heading', { name: 'Make Payment', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Payment provider: Basha sandbox/)).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pay 55,000 TK' });
  await expect(pay).toBeEnabled(); // the client secret has arrived

  // A declined card: the provider's message in red under the form, and nothing changes.
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('Security code (CVC)').fill('123');
  await pay.click();
  const declined = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(declined).toBeVisible();
  await expect(declined).toHaveClass(/text-red-700/);
  await expect(page.getByText('Accepted', { exact: true })).toBeVisible();

  // A good card: the receipt with the transaction reference.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  const receipt = page.getByRole('region', { name: 'Payment Receipt' });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByText(title)).toBeVisible();
  await expect(receipt.getByText('ending in 4242')).toBeVisible();
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeVisible();
  const reference = (
    (await receipt.locator('dt:has-text("Transaction reference") + dd').textContent()) ?? ''
  ).trim();
  expect(reference.length).toBeGreaterThan(4);
  await expect(page.getByLabel('Card number')).toHaveCount(0);

  // Property bought: Paid with the reference instead of the Pay button.
  await page.goto('/dashboard/property-bought');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await expect(card.getByText(reference)).toBeVisible();
  await expect(card.getByRole('link', { name: /^Pay / })).toHaveCount(0);

  // The agent's sold properties: the sale, its reference and the total.
  await signInAs(page, agent);
  await page.goto('/dashboard/sold-properties');
  await expect(page.getByRole('heading', { name: 'My Sold Properties', level: 1 })).toBeVisible();
  await expect(page.getByText('Total sold: 55,000 TK · Properties sold: 1')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText(buyer.email)).toBeVisible();
  await expect(row.getByText(reference)).toBeVisible();
});
