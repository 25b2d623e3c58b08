import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { demo } from '../support/api.ts';

/*
 * After `npm start` a new operator may open either address of the machine; the server runs
 * in development here (NODE_ENV unset), where both are Basha's own origins.
 */
const ADDRESSES = [BASE_URL, BASE_URL.replace('127.0.0.1', 'localhost')];

for (const address of ADDRESSES) {
  test(`logging in with a demo account works at ${address}`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: address });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login As User' }).click();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Login Successful!')).toBeVisible();
    await page.goto('/dashboard/profile');
    await expect(page.getByRole('heading', { name: demo('user').name })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(address);
    await context.close();
  });
}
