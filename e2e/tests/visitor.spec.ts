import { DEMO_ACCOUNTS } from '@basha/domain';
import { expect, test } from '../support/test.ts';

test.describe('visitor', () => {
  test('home shows the banner with a Login call to action and the footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Basha' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(page.getByRole('contentinfo')).toContainText(
      `© ${new Date().getFullYear()} Basha`,
    );
  });

  test("a link followed from the keyboard lands on the new page's heading, and Tab goes on from there", async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Login' }).focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(page).toHaveURL(/\/login$/);
    await expect(heading).toBeFocused();
    // The next Tab is in the page, after its heading, not back at the site's first link.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => {
        const heading = document.querySelector('main h1');
        const focused = document.activeElement;
        return Boolean(
          heading &&
            focused &&
            heading.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING,
        );
      }),
    ).toBe(true);
  });

  test('about page and a 404 page for unknown routes', async ({ page }) => {
    await page.goto('/about-us');
    await expect(page.getByText('about us page')).toBeVisible();
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('guards send visitors to login and back to where they were going', async ({ page }) => {
    await page.goto('/dashboard/profile');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await page.getByRole('button', { name: 'Login As Admin' }).click();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(page.getByRole('heading', { name: DEMO_ACCOUNTS.admin.name })).toBeVisible();
    await expect(page.getByText('Login Successful!')).toBeVisible();
  });
});
