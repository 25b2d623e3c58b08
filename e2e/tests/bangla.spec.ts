import { demo } from '../support/api.ts';
import { signIn } from '../support/listings.ts';
import { expect, test } from '../support/test.ts';

test('switching to Bangla translates the pages and formats numbers with Bangla digits, and it sticks', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Switch language to Bangla' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { name: 'বাসা-য় স্বাগতম' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'সকল নতুন প্রপার্টি' })).toBeVisible();
  // Prices on the cards: Bangla digits with lakh/crore grouping, and "টাকা".
  await expect(page.getByText(/মূল্যসীমা : [০-৯,]+-[০-৯,]+ টাকা/).first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'বাসা-য় স্বাগতম' })).toBeVisible();

  await signIn(page, demo('user'));
  await page.goto('/allproperties');
  await expect(
    page.getByRole('navigation').getByRole('link', { name: 'সকল প্রপার্টি' }).first(),
  ).toBeVisible();
  await expect(page.getByText(/মূল্যসীমা : [০-৯,]+-[০-৯,]+ টাকা/).first()).toBeVisible();
  // The tab names the page, in the page's language.
  await expect(page).toHaveTitle('সকল প্রপার্টি | Basha');

  await page.getByRole('button', { name: 'ভাষা ইংরেজিতে বদলান' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByText(/Price Range : [0-9,]+-[0-9,]+TK/).first()).toBeVisible();
  await expect(page).toHaveTitle('All Properties | Basha');
});
