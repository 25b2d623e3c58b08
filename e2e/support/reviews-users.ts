import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { type APIRequestContext, expect } from '@playwright/test';
import { type Account, apiAs, createUserAccount, demo, PHOTO, promote } from './api.ts';
import { LISTING_FACTS } from './listings.ts';

/** A short unique word, so a test finds its own rows among everybody else's. */
export const uniqueWord = (prefix: string) => `${prefix}${randomUUID().slice(0, 8)}`;

/** Ids of verified (publicly listed) properties, newest first. */
export async function verifiedListingIds(api: APIRequestContext, count: number) {
  const response = await api.get(`/api/v1/listings?limit=${count}`);
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as { items: { id: string }[] };
  expect(items.length).toBeGreaterThanOrEqual(count);
  return items.map((item) => item.id);
}

/** A fresh buyer who reviews a verified listing through the API; returns the review id. */
export async function reviewByFreshUser(text: string, rating = 4) {
  const account = await createUserAccount('E2E Reviewer');
  const api = await apiAs(account);
  const [listingId] = await verifiedListingIds(api, 1);
  const response = await api.post(`/api/v1/listings/${listingId}/reviews`, {
    data: { rating, text },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await api.dispose();
  return { account, reviewId: id };
}

/** A fresh agent with one verified listing at a unique location. */
export async function agentWithVerifiedListing(): Promise<{ agent: Account; location: string }> {
  const agent = await createUserAccount('E2E Fraud Agent');
  await promote(agent.id, 'agent');
  const location = uniqueWord('Fraudpur');
  const api = await apiAs(agent);
  const created = await api.post('/api/v1/listings', {
    multipart: {
      title: 'Suspiciously cheap flat',
      location,
      description: 'Too good to be true.',
      priceMin: '5000',
      priceMax: '5100',
      ...LISTING_FACTS,
      photo: { name: 'photo.png', mimeType: 'image/png', buffer: fs.readFileSync(PHOTO) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await api.dispose();
  const admin = await apiAs(demo('admin'));
  const verified = await admin.post(`/api/v1/listings/${id}/verify`);
  expect(verified.status(), await verified.text()).toBe(200);
  await admin.dispose();
  return { agent, location };
}

/** How many public listings a buyer finds at a location. */
export async function publicListingsAt(location: string) {
  const api = await apiAs(demo('user'));
  const response = await api.get(`/api/v1/listings?location=${encodeURIComponent(location)}`);
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as { items: unknown[] };
  await api.dispose();
  return items.length;
}
