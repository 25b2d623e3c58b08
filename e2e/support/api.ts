import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_ACCOUNTS, type Role } from '@basha/domain';
import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';

export const PHOTO = path.join(import.meta.dirname, '../fixtures/photo.png');
export const PASSWORD = 'Dhaka@2026';

export type Account = { email: string; password: string; name: string; id: string };

/**
 * Seeds through the API (not the UI): a fresh account with a photo, signed up for real, on
 * the main Basha or the one at `baseUrl` (the helpers below take it too).
 */
export async function createUserAccount(name = 'E2E Buyer', baseUrl = BASE_URL): Promise<Account> {
  const api = await request.newContext({ baseURL: baseUrl });
  const email = `e2e-${randomUUID().slice(0, 8)}@example.test`;
  const response = await api.post('/api/auth/sign-up/email', {
    multipart: {
      name,
      email,
      password: PASSWORD,
      photo: { name: 'photo.png', mimeType: 'image/png', buffer: fs.readFileSync(PHOTO) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  await api.dispose();
  // Sign-up answers the same for a new and a taken email (ADR 0011): the id is read back.
  const me = await apiAs({ email, password: PASSWORD }, baseUrl);
  const { id } = await (await me.get('/api/v1/me')).json();
  // Signed out again, so the account starts with no session, as after a sign-up.
  await me.post('/api/auth/sign-out', { data: {} });
  await me.dispose();
  return { email, password: PASSWORD, name, id };
}

/** An API client logged in as the given account (cookies kept in the context). */
export async function apiAs(
  account: { email: string; password: string },
  baseUrl = BASE_URL,
): Promise<APIRequestContext> {
  const api = await request.newContext({
    baseURL: baseUrl,
    extraHTTPHeaders: { origin: baseUrl },
  });
  const login = await api.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

export const demo = (role: Role) => DEMO_ACCOUNTS[role];

/** Logs in through the real login page. */
export async function logInThroughUi(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login Successful!')).toBeVisible();
}

/** Promotes an account the way an admin would, through the API. */
export async function promote(accountId: string, role: 'agent' | 'admin', baseUrl = BASE_URL) {
  const admin = await apiAs(demo('admin'), baseUrl);
  const response = await admin.patch(`/api/v1/users/${accountId}/role`, { data: { role } });
  expect(response.status(), await response.text()).toBe(200);
  await admin.dispose();
}
