import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { type Account, apiAs, createUserAccount, demo, PHOTO, promote } from './api.ts';

/** A fresh agent: signed up through the API, then promoted by the demo admin. */
export async function createAgentAccount(name = 'E2E Agent', baseUrl = BASE_URL): Promise<Account> {
  const account = await createUserAccount(name, baseUrl);
  await promote(account.id, 'agent', baseUrl);
  return account;
}

/** A title no other test (or earlier run) uses, so searches find exactly this listing. */
export const uniqueTitle = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

/**
 * The facts and place every add/update form states since issue 19 (ADR 29): a 3-bed Uttara
 * flat, for helpers and journeys that are about something else.
 */
export const LISTING_FACTS = {
  type: 'apartment',
  bedrooms: '3',
  bathrooms: '2',
  size: '1450',
  completion: 'ready',
  division: 'dhaka',
  district: 'dhaka',
  area: 'uttara',
} as const;

/** Fills the add/update form's facts and place as LISTING_FACTS says. */
export async function fillListingFacts(page: Page) {
  await page.getByLabel('Division').selectOption('Dhaka');
  await page.getByLabel('District').selectOption('Dhaka');
  await page.getByLabel('Area (optional)').selectOption('Uttara');
  await page.getByLabel('Type', { exact: true }).selectOption('Apartment/Flat');
  await page.getByLabel('Bedrooms').fill('3');
  await page.getByLabel('Bathrooms').fill('2');
  await page.getByLabel('Size', { exact: true }).fill('1450');
  await page.getByLabel('Completion').selectOption('Ready');
}

/** Adds a listing through the API as the given agent; it starts Pending. */
export async function addListing(
  agent: APIRequestContext,
  fields: { title: string; location?: string; priceMin?: number; priceMax?: number },
): Promise<string> {
  const response = await agent.post('/api/v1/listings', {
    multipart: {
      title: fields.title,
      location: fields.location ?? 'Sector 11, Uttara, Dhaka',
      description: 'A bright flat seeded by an end-to-end test.',
      priceMin: String(fields.priceMin ?? 5000),
      priceMax: String(fields.priceMax ?? 5100),
      ...LISTING_FACTS,
      photo: { name: 'photo.png', mimeType: 'image/png', buffer: fs.readFileSync(PHOTO) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id as string;
}

/** Admin decisions and fraud marking through the API, as the demo admin. */
export async function asAdmin<T>(
  work: (admin: APIRequestContext) => Promise<T>,
  baseUrl = BASE_URL,
): Promise<T> {
  const admin = await apiAs(demo('admin'), baseUrl);
  try {
    return await work(admin);
  } finally {
    await admin.dispose();
  }
}

export async function verifyListing(id: string, baseUrl = BASE_URL) {
  await asAdmin(async (admin) => {
    const response = await admin.post(`/api/v1/listings/${id}/verify`);
    expect(response.status(), await response.text()).toBe(200);
  }, baseUrl);
}

export async function markAsFraud(accountId: string) {
  await asAdmin(async (admin) => {
    const response = await admin.post(`/api/v1/users/${accountId}/fraud`);
    expect(response.status(), await response.text()).toBe(200);
  });
}

/**
 * Signs the page's browser context in through the API (the UI login has its own tests):
 * page.request shares the context's cookies, so the next navigation is signed in.
 */
export async function signIn(
  page: Page,
  account: { email: string; password: string },
  baseUrl = BASE_URL,
) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: baseUrl },
  });
  expect(response.status(), await response.text()).toBe(200);
}
