import { apiAs, createUserAccount, logInThroughUi } from '../support/api.ts';
import {
  agentWithVerifiedListing,
  dhakaDate,
  newestPublicListing,
  offerByFreshBuyer,
  signInAs,
  wishThroughApi,
} from '../support/offers.ts';
import { expect, test } from '../support/test.ts';

const PRICE = { min: 50_000, max: 60_000 };

test('a buyer wishes from the details page and makes an offer past every check', async ({
  page,
}) => {
  const { listingId, title } = await agentWithVerifiedListing(PRICE);
  const buyer = await createUserAccount('E2E Buyer');

  await logInThroughUi(page, buyer);
  await page.goto(`/propertyDetails/${listingId}`);
  await page.getByRole('button', { name: 'Add To Wishlist' }).click();
  await expect(page.getByText('Property Added To Wishlist')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/wishlist$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // Back on the details page the button knows the property is already wished for.
  await page.goBack();
  await expect(page.getByText('This property is on your wishlist.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add To Wishlist' })).toBeDisabled();

  // Each of the spec's offer messages, then a good offer.
  await page.goForward();
  await page.getByRole('link', { name: /^Make An Offer/ }).click();
  await expect(page.getByRole('heading', { name: 'Make An Offer', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const amount = page.getByLabel('Offered price (TK)');
  const deadline = page.getByLabel('Deadline');
  const send = page.getByRole('button', { name: 'Send Offer' });

  await amount.fill('55000');
  await deadline.fill(dhakaDate(-1));
  await send.click();
  await expect(page.getByText('Select A Valid Date')).toBeVisible();

  await deadline.fill(dhakaDate(7));
  await amount.fill('fifty thousand');
  await send.click();
  await expect(page.getByText('Offered price cannot be a string')).toBeVisible();

  await amount.fill('49999');
  await send.click();
  await expect(page.getByText('Make a valid offer')).toBeVisible();

  await amount.fill('55000');
  await send.click();
  await expect(
    page.getByText('Offer successfully made and property removed from wishlist!'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/property-bought$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Agent Acceptance: Pending')).toBeVisible();
});

test('the agent rejects one offer and accepts another; the buyers see the outcome', async ({
  page,
}) => {
  const { agent, listingId, title } = await agentWithVerifiedListing(PRICE);
  const [winner, loser, turnedDown] = await Promise.all([
    offerByFreshBuyer('E2E Buyer One', listingId, 55_000),
    offerByFreshBuyer('E2E Buyer Two', listingId, 52_000),
    offerByFreshBuyer('E2E Buyer Three', listingId, 51_000),
  ]);

  await signInAs(page, agent);
  await page.goto('/dashboard/requested-properties');
  const rowOf = (email: string) => page.getByRole('row').filter({ hasText: email });
  await expect(page.getByRole('row')).toHaveCount(4);
  await expect(rowOf(winner.email).getByRole('rowheader', { name: title })).toBeVisible();
  await rowOf(turnedDown.email)
    .getByRole('button', { name: /^Reject/ })
    .click();
  await expect(page.getByText('Offer Rejected')).toBeVisible();
  await expect(rowOf(turnedDown.email).getByText('Rejected')).toBeVisible();

  await rowOf(winner.email)
    .getByRole('button', { name: /^Accept/ })
    .click();
  // Accepting asks first, counting the offers it will reject: the loser's, still pending.
  const confirm = page.getByRole('dialog', { name: 'Accept this offer?' });
  await expect(confirm).toContainText(
    'The 1 other pending offer on this property will be rejected.',
  );
  await confirm.getByRole('button', { name: 'Yes, accept it!' }).click();
  await expect(page.getByText('Offer Accepted')).toBeVisible();
  await expect(rowOf(winner.email).getByText('Accepted')).toBeVisible();
  await expect(rowOf(loser.email).getByText('Rejected')).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Accept|Reject)/ })).toHaveCount(0);

  // The accepted buyer may now pay (the payment itself: payments.spec.ts).
  await signInAs(page, winner);
  await page.goto('/dashboard/property-bought');
  await page.getByRole('link', { name: 'Pay 55,000TK' }).click();
  await expect(page).toHaveURL(/\/dashboard\/property-bought\/payment\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Make Payment', level: 1 })).toBeVisible();
  await expect(page.getByText('55,000 TK', { exact: true })).toBeVisible();

  await signInAs(page, loser);
  await page.goto('/dashboard/property-bought');
  await expect(page.getByText('Rejected', { exact: true })).toBeVisible();
});

test('removing a wishlist item asks first and says what was removed', async ({ page }) => {
  const buyer = await createUserAccount('E2E Wisher');
  const { listingId, title } = await newestPublicListing(buyer);
  await wishThroughApi(buyer, listingId);

  await signInAs(page, buyer);
  await page.goto('/dashboard/wishlist');
  await page.getByRole('button', { name: /^Delete/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await expect(
    dialog.getByText('Do you want to remove this property from wishlist!'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(dialog.getByRole('heading', { name: 'Deleted!' })).toBeVisible();
  await expect(dialog.getByText(`"${title}" was removed from your wishlist.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText("You haven't wished any property")).toBeVisible();
});

test('a buyer whose offer closed because the agent accepted another is told so, in the bell and on the card', async ({
  page,
}) => {
  const { agent, listingId, title } = await agentWithVerifiedListing(PRICE);
  const [winner, loser] = await Promise.all([
    offerByFreshBuyer('E2E Chosen Buyer', listingId, 55_000),
    offerByFreshBuyer('E2E Outbid Buyer', listingId, 52_000),
  ]);
  const agentApi = await apiAs(agent);
  const received = await agentApi.get('/api/v1/offers/received');
  const { items } = (await received.json()) as {
    items: { id: string; buyer: { email: string } }[];
  };
  const chosen = items.find((item) => item.buyer.email === winner.email);
  const accepted = await agentApi.post(`/api/v1/offers/${chosen?.id}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  await agentApi.dispose();

  await signInAs(page, loser);
  await page.goto('/dashboard/property-bought');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(card).toContainText('The agent accepted another offer on this property.');
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    `The agent accepted another offer on "${title}", so your offer was closed.`,
  );
});

test('a buyer back on a property they offered on is told the offer is still open, not shown a form it would refuse', async ({
  page,
}) => {
  const { listingId, title } = await agentWithVerifiedListing(PRICE);
  const buyer = await offerByFreshBuyer('E2E Returning Buyer', listingId, 55_000);

  await signInAs(page, buyer);
  await page.goto(`/propertyDetails/${listingId}`);
  await page.getByRole('button', { name: 'Add To Wishlist' }).click();
  await expect(page).toHaveURL(/\/dashboard\/wishlist$/);
  await page.getByRole('link', { name: /^Make An Offer/ }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(
    page.getByText(/^You already offered 55,000 TK on this property, open until /),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Offer' })).toHaveCount(0);
  await page.getByRole('link', { name: 'See your offer in Property Bought' }).click();
  await expect(page).toHaveURL(/\/dashboard\/property-bought$/);
  await expect(
    page.getByRole('article').filter({ hasText: title }).getByText('Agent Acceptance: Pending'),
  ).toBeVisible();
});
