import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { todayInDhaka } from '@basha/domain';
import { expect, type Page } from '@playwright/test';
import { type Account, apiAs, createUserAccount, demo, PHOTO, promote } from './api.ts';
import { LISTING_FACTS } from './listings.ts';

/** A calendar date `days` from today in Dhaka (negative: in the past), YYYY-MM-DD. */
export const dhakaDate = (days: number) => todayInDhaka(new Date(Date.now() + days * 86_400_000));

/** A fresh agent with one listing, verified by the demo admin; all through the API. */
export async function agentWithVerifiedListing(price: { min: number; max: number }) {
  const agent = await createUserAccount('E2E Offer Agent');
  await promote(agent.id, 'agent');
  const title = `Offer flat ${randomUUID().slice(0, 8)}`;
  const api = await apiAs(agent);
  const created = await api.post('/api/v1/listings', {
    multipart: {
      title,
      location: 'Dhanmondi, Dhaka',
      description: 'A bright flat for the offers journey.',
      priceMin: String(price.min),
      priceMax: String(price.max),
      ...LISTING_FACTS,
      photo: { name: 'photo.png', mimeType: 'image/png', buffer: fs.readFileSync(PHOTO) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: listingId } = (await created.json()) as { id: string };
  await api.dispose();
  const admin = await apiAs(demo('admin'));
  const verified = await admin.post(`/api/v1/listings/${listingId}/verify`);
  expect(verified.status(), await verified.text()).toBe(200);
  await admin.dispose();
  return { agent, listingId, title };
}

/** Puts a listing on the account's wishlist through the API; returns the wishlist item id. */
export async function wishThroughApi(account: Account, listingId: string): Promise<string> {
  const api = await apiAs(account);
  const added = await api.post('/api/v1/wishlist', { data: { listingId } });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = (await added.json()) as { id: string };
  await api.dispose();
  return id;
}

/** A fresh buyer who wishes for the listing and offers on it through the API. */
export async function offerByFreshBuyer(name: string, listingId: string, amount: number) {
  const buyer = await createUserAccount(name);
  const itemId = await wishThroughApi(buyer, listingId);
  const api = await apiAs(buyer);
  const offered = await api.post(`/api/v1/wishlist/${itemId}/offer`, {
    data: { amount, deadline: dhakaDate(10) },
  });
  expect(offered.status(), await offered.text()).toBe(201);
  await api.dispose();
  return buyer;
}

/** The newest public (verified demo) listing, as the account sees it. */
export async function newestPublicListing(account: Account) {
  const api = await apiAs(account);
  const response = await api.get('/api/v1/listings?limit=1');
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as { items: { id: string; title: string }[] };
  await api.dispose();
  const [listing] = items;
  if (!listing) throw new Error('the demo data has no public listing');
  return { listingId: listing.id, title: listing.title };
}

/**
 * Signs the page's browser in as the account with a session made through the API (the
 * login screen itself is covered by the auth journey); any earlier session is dropped.
 */
export async function signInAs(page: Page, account: { email: string; password: string }) {
  const api = await apiAs(account);
  const { cookies } = await api.storageState();
  await api.dispose();
  await page.context().clearCookies();
  await page.context().addCookies(cookies);
}

/**
 * A fresh agent's listing sold to a fresh buyer, all through the API: the buyer offers, the
 * agent accepts, the buyer pays with the sandbox's test card.
 */
export async function soldListing(price: { min: number; max: number }, amount: number) {
  const { agent, listingId, title } = await agentWithVerifiedListing(price);
  const buyer = await offerByFreshBuyer('E2E Owner', listingId, amount);
  const agentApi = await apiAs(agent);
  const received = await agentApi.get('/api/v1/offers/received');
  const { items } = (await received.json()) as { items: { id: string; listing: { id: string } }[] };
  const offer = items.find((item) => item.listing.id === listingId);
  if (!offer) throw new Error('the offer did not reach the agent');
  const accepted = await agentApi.post(`/api/v1/offers/${offer.id}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  await agentApi.dispose();
  const buyerApi = await apiAs(buyer);
  const intent = await buyerApi.post(`/api/v1/offers/${offer.id}/payment-intent`);
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const [year, month] = dhakaDate(400).split('-');
  const paid = await buyerApi.post(`/api/v1/offers/${offer.id}/payment`, {
    data: {
      clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: `${month}/${year?.slice(2)}`,
      cvc: '123',
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await buyerApi.dispose();
  return { agent, buyer, listingId, title };
}
