import { apiAs, createUserAccount, demo } from '../support/api.ts';
import {
  addListing,
  createAgentAccount,
  signIn,
  uniqueTitle,
  verifyListing,
} from '../support/listings.ts';
import { expect, test } from '../support/test.ts';

// Issue 19: an edit of a verified listing waits for an admin; the verified version stays public.
test('an agent raises a verified price: buyers keep the old one until an admin approves the diff', async ({
  page,
  browser,
}) => {
  const agent = await createAgentAccount('E2E Revising Agent');
  const agentApi = await apiAs(agent);
  const title = uniqueTitle('Lake flat with a new price');
  const id = await addListing(agentApi, { title, priceMin: 5000, priceMax: 5100 });
  await agentApi.dispose();
  await verifyListing(id);

  // The agent raises the price on the update form.
  await signIn(page, agent);
  await page.goto(`/dashboard/update-property/${id}`);
  await expect(
    page.getByText(
      'This property is verified: your changes go live once an admin has reviewed them.',
    ),
  ).toBeVisible();
  await page.getByLabel('Minimum price').fill('9000');
  await page.getByLabel('Maximum price').fill('9500');
  await page.getByRole('button', { name: 'Update Property' }).click();
  await expect(page.getByText('Changes sent for review')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/added-property');
  const myCard = page.getByRole('article').filter({ hasText: title });
  await expect(myCard).toContainText('Changes awaiting review');
  await expect(myCard).toContainText('5,000-5,100TK');
  await page.goto(`/propertyDetails/${id}`);
  await expect(page.getByText('Changes awaiting review')).toBeVisible();

  // A buyer still sees the verified price, and nothing about the edit.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signIn(buyer, await createUserAccount('E2E Revision Buyer'));
  await buyer.goto(`/propertyDetails/${id}`);
  await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(buyer.getByText('5,000-5,100TK')).toBeVisible();
  await expect(buyer.getByText('Changes awaiting review')).toHaveCount(0);

  // The admin sees the diff beside the new listings and approves it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, demo('admin'));
  await admin.goto('/dashboard/manage-properties');
  const queue = admin.getByRole('region', { name: 'Edits awaiting review' });
  await queue.getByRole('button', { name: `Review changes to ${title}` }).click();
  const diff = queue.getByRole('table', { name: new RegExp(`Changes to “${title}”`) });
  await expect(diff.getByRole('row', { name: /Minimum price/ })).toContainText('5,000');
  await expect(diff.getByRole('row', { name: /Minimum price/ })).toContainText('9,000');
  await expect(diff.getByRole('row', { name: /Maximum price/ })).toContainText('9,500');
  await queue.getByRole('button', { name: 'Approve changes' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Put these changes live?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, approve them' }).click();
  await expect(admin.getByText(`The changes to “${title}” are live.`)).toBeVisible();
  await expect(queue.getByRole('button', { name: `Review changes to ${title}` })).toHaveCount(0);
  await adminContext.close();

  // The new price is live, and the listing is still verified.
  await buyer.reload();
  await expect(buyer.getByText('9,000-9,500TK')).toBeVisible();
  await expect(buyer.getByText('Verified', { exact: true })).toBeVisible();
  await buyerContext.close();
});

test('an agent who opens an edit awaiting review again finds it in the form; saving it unchanged keeps it, and a save of nothing says so', async ({
  page,
}) => {
  const agent = await createAgentAccount('E2E Second-Look Agent');
  const agentApi = await apiAs(agent);
  const title = uniqueTitle('Flat edited twice');
  const id = await addListing(agentApi, { title, priceMin: 5000, priceMax: 5100 });
  await agentApi.dispose();
  await verifyListing(id);

  await signIn(page, agent);
  await page.goto(`/dashboard/update-property/${id}`);
  await page.getByLabel('Maximum price').fill('5900');
  await page.getByRole('button', { name: 'Update Property' }).click();
  await expect(page.getByText('Changes sent for review')).toBeVisible();

  // Opened again, the form holds the edit waiting for review, not the public price.
  await page.goto(`/dashboard/update-property/${id}`);
  await expect(page.getByText('Changes awaiting review')).toBeVisible();
  await expect(page.getByLabel('Maximum price')).toHaveValue('5900');
  await page.getByRole('button', { name: 'Update Property' }).click();
  await expect(page.getByText('Changes sent for review')).toBeVisible();
  const myCard = page.getByRole('article').filter({ hasText: title });
  await expect(myCard).toContainText('Changes awaiting review');

  // Put back to the public price, the edit is withdrawn, and the agent is told nothing waits.
  await page.goto(`/dashboard/update-property/${id}`);
  await page.getByLabel('Maximum price').fill('5100');
  await page.getByRole('button', { name: 'Update Property' }).click();
  await expect(
    page.getByText('Nothing to review: the property stays as buyers see it.'),
  ).toBeVisible();
  await expect(myCard).not.toContainText('Changes awaiting review');
  await expect(myCard).toContainText('5,000-5,100TK');
});
