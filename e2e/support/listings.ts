import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { type Account, apiAs, createUserAccount, demo, PHOTO, promote } from './api.ts';

/** A fresh agent: signed up through the API, then promoted by the demo admin. */
export async function createAgentAccount(name = 'E2E Agent'): Promise<Account> {
  const account = await createUserAccount(name);
  await promote(account.id, 'agent');
  return account;
}

/** A title no other test (or earlier run) uses, so searches find exactly this listing. */
export const uniqueTitle = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

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
      photo: { name: 'photo.png', mimeType: 'image/png', buffer: fs.readFileSync(PHOTO) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id as string;
}

/** Admin decisions and fraud marking through the API, as the demo admin. */
export async function asAdmin<T>(work: (admin: APIRequestContext) => Promise<T>): Promise<T> {
  const admin = await apiAs(demo('admin'));
  try {
    return await work(admin);
  } finally {
    await admin.dispose();
  }
}

export async function verifyListing(id: string) {
  await asAdmin(async (admin) => {
    const response = await admin.post(`/api/v1/listings/${id}/verify`);
    expect(response.status(), await response.text()).toBe(200);
  });
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
export async function signIn(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: BASE_URL },
  });
  expect(response.status(), await response.text()).toBe(200);
}
