import { apiAs, createUserAccount, logInThroughUi, PASSWORD, PHOTO } from '../support/api.ts';
import { expect, refusedRequest, test } from '../support/test.ts';

test('sign up with a photo, log in, see the profile, log out', async ({ page }) => {
  const email = `signup-${Date.now()}@example.test`;
  await page.goto('/signup');
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.getByLabel('Name').fill('Sadia Islam');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Profile photo').setInputFiles(PHOTO);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Signup Successful! Now Login')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await logInThroughUi(page, { email, password: PASSWORD });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  // Signed-in visitors are sent away from the login page.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Sadia Islam' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('img', { name: '' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Account menu for Sadia Islam' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto('/dashboard/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('signup shows the password rule and a duplicate email', async ({ page }) => {
  const existing = await createUserAccount();
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Duplicate');
  await page.getByLabel('Email').fill(existing.email);
  await page.getByLabel('Password').fill('short');
  await page.getByLabel('Profile photo').setInputFiles(PHOTO);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Password must be at least 8 characters long.')).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(
    page.getByText('An account with this email already exists. Please log in instead.'),
  ).toBeVisible();
});

test('a wrong password says so', async ({ page, consoleErrors }) => {
  consoleErrors.expect(refusedRequest(401, '/api/auth/sign-in/email'));
  const account = await createUserAccount();
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong@1234');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Incorrect email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the profile lists where you are signed in and signs out everywhere else', async ({
  page,
}) => {
  const account = await createUserAccount('Nadia Rahman');
  // Another device: an API client with its own session.
  const otherDevice = await apiAs(account);
  expect((await otherDevice.get('/api/v1/me')).status()).toBe(200);

  await logInThroughUi(page, account);
  await page.goto('/dashboard/profile');
  const devices = page.getByRole('region', { name: 'Where you are signed in' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByText('This device')).toBeVisible();

  await devices.getByRole('button', { name: 'Sign out everywhere else' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign out everywhere else?' });
  await confirm.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Signed out of 1 other sessions.')).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);

  expect((await otherDevice.get('/api/v1/me')).status()).toBe(401);
  await otherDevice.dispose();
  // This device is still signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Nadia Rahman' })).toBeVisible();
});
