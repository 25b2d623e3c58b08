import { expect as expectValue } from '@playwright/test';
import { MAILBOX_URL } from '../playwright.config.ts';
import { apiAs, createUserAccount, logInThroughUi } from '../support/api.ts';
import { expect, refusedRequest, test } from '../support/test.ts';

type Email = { subject: string; text: string };

/** The emails the main Basha sent to `address`, waiting until there are `count` of them. */
async function inboxOf(address: string, count = 1): Promise<Email[]> {
  let emails: Email[] = [];
  await expectValue
    .poll(
      async () => {
        const response = await fetch(`${MAILBOX_URL}/?to=${encodeURIComponent(address)}`);
        emails = (await response.json()) as Email[];
        return emails.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return emails;
}

test('a user who forgot the password gets a link by email, chooses a new one, and is signed out elsewhere', async ({
  page,
  consoleErrors,
}) => {
  // The old password is refused once, and the used link once.
  consoleErrors.expect(refusedRequest(401, '/api/auth/sign-in/email'));
  consoleErrors.expect(refusedRequest(400, '/api/v1/auth/password-resets'));
  const account = await createUserAccount('E2E Forgetful');
  const elsewhere = await apiAs(account);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page).toHaveTitle('Forgot your password? | Basha');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('status')).toContainText(
    'If an account uses this email, a link to choose a new password is on its way.',
  );

  const [email] = await inboxOf(account.email);
  expect(email?.subject).toBe('Basha: choose a new password');
  const link = /http\S+\/reset-password\?token=\S+/.exec(email?.text ?? '')?.[0] as string;
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  const newPassword = page.getByLabel('New password');
  await newPassword.fill('short1!');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Password must be at least 8 characters long.')).toBeVisible();
  await newPassword.fill('Rajshahi@2027');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(
    page.getByText('Your password is changed, and every device was signed out.'),
  ).toBeVisible();
  await expect(page).toHaveURL('/login');

  // Where the account was signed in before, it is not any more.
  expect((await elsewhere.get('/api/v1/me')).status()).toBe(401);
  await elsewhere.dispose();

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Incorrect email or password.')).toBeVisible();
  await logInThroughUi(page, { email: account.email, password: 'Rajshahi@2027' });

  // The link worked once.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel('New password').fill('Barishal@2028');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This link has expired or was already used. Ask for a new one.',
  );
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL('/forgot-password');
});

test('a signed-in user changes the password on the profile; another device is signed out, this one stays', async ({
  page,
}) => {
  const account = await createUserAccount('E2E Careful');
  const elsewhere = await apiAs(account);
  await logInThroughUi(page, account);
  await page.goto('/dashboard/profile');
  const form = page.getByRole('region', { name: 'Change your password' });
  await form.getByLabel('Current password').fill(account.password);
  await form.getByLabel('New password').fill('Bogura@2027');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Your password is changed, and your other devices were signed out.'),
  ).toBeVisible();
  expect((await elsewhere.get('/api/v1/me')).status()).toBe(401);
  await elsewhere.dispose();
  // This device is still signed in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'E2E Careful' })).toBeVisible();
  const renewed = await apiAs({ email: account.email, password: 'Bogura@2027' });
  await renewed.dispose();
});
