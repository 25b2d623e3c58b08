import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAs, createUserAccount } from '../support/api.ts';
import { addListing, createAgentAccount, signIn, verifyListing } from '../support/listings.ts';
import { expect, test } from '../support/test.ts';

const bell = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('button', { name, exact: true });

test('a saved search announces a matching listing once it is verified, and is kept in the dashboard', async ({
  page,
}) => {
  // A place no other listing names, so the search matches only the listing made here.
  const place = `Bashundhara Block ${randomUUID().slice(0, 6)}`;
  const user = await createUserAccount('E2E Saved Search User');
  await signIn(page, user);

  await page.goto(`/allproperties?location=${encodeURIComponent(place)}&maxPrice=90000`);
  await page.getByRole('button', { name: 'Save this search' }).click();
  const form = page.getByRole('form', { name: 'Save this search' });
  await form.getByLabel('Name of the search').fill('Bashundhara under 90k');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Search saved.')).toBeVisible();
  await expect(bell(page, 'Notifications')).toBeVisible();

  // An agent lists a matching flat and a dearer one there; the admin verifies both.
  const agent = await createAgentAccount('E2E Saved Search Agent');
  const api = await apiAs(agent);
  const title = `Saved search flat ${randomUUID().slice(0, 8)}`;
  const matching = await addListing(api, {
    title,
    location: `Road 5, ${place}`,
    priceMin: 60000,
    priceMax: 70000,
  });
  const dearer = await addListing(api, {
    title: `Dear flat ${randomUUID().slice(0, 8)}`,
    location: place,
    priceMin: 200000,
    priceMax: 250000,
  });
  await api.dispose();
  await verifyListing(matching);
  await verifyListing(dearer);

  // The user's bell counts the one match live and links to the listing.
  await expect(bell(page, 'Notifications, 1 unread')).toBeVisible({ timeout: 5000 });
  await bell(page, 'Notifications, 1 unread').click();
  await page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('link', {
      name: `New match for your saved search "Bashundhara under 90k": "${title}".`,
    })
    .click();
  await expect(page).toHaveURL(new RegExp(`/propertyDetails/${matching}$`));

  // The dashboard keeps it: open, rename, change frequency, delete.
  await page.goto('/dashboard/saved-searches');
  const entry = page.getByRole('article').filter({ hasText: 'Bashundhara under 90k' });
  await expect(entry.getByRole('link', { name: 'Open' })).toHaveAttribute(
    'href',
    `/allproperties?${new URLSearchParams({ location: place, maxPrice: '90000' })}`,
  );
  await entry.getByRole('button', { name: 'Rename' }).click();
  // While renaming, the name is in the field (the one on the page), not in the text.
  await page.getByLabel('Name of the search').fill('Bashundhara flats');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Search renamed.')).toBeVisible();
  const renamed = page.getByRole('article').filter({ hasText: 'Bashundhara flats' });
  await expect(renamed).toBeVisible();
  await renamed.getByLabel('Tell me about new matches').selectOption('daily');
  await expect(page.getByText('Frequency changed.')).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole('article')
      .filter({ hasText: 'Bashundhara flats' })
      .getByLabel('Tell me about new matches'),
  ).toHaveValue('daily');
  await page.getByRole('button', { name: 'Delete saved search "Bashundhara flats"' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this saved search?' })
    .getByRole('button', { name: 'Yes, delete it' })
    .click();
  await expect(page.getByText('No saved searches yet.')).toBeVisible();
});

test('email settings: the email language and a kind turned off are kept', async ({ page }) => {
  const user = await createUserAccount('E2E Email Settings User');
  await signIn(page, user);
  await page.goto('/dashboard/email-settings');
  await page.getByLabel('Email language').selectOption('bn');
  await page.getByLabel('my offer is rejected').uncheck();
  await expect(page.getByLabel('a new message arrives')).not.toBeChecked();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Email settings saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Email language')).toHaveValue('bn');
  await expect(page.getByLabel('my offer is rejected')).not.toBeChecked();
  await expect(page.getByLabel('my offer is accepted')).toBeChecked();
});

test('saved searches on a phone: a long name without spaces and a long term stay on the screen', async ({
  page,
}) => {
  const user = await createUserAccount('E2E Saved Search Phone');
  const api = await apiAs(user);
  const name = `Gulshan${'x'.repeat(73)}`;
  const saved = await api.post('/api/v1/me/saved-searches', {
    data: { name, search: { location: `Bashundhara${'y'.repeat(60)}`, maxPrice: 90000 } },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  await api.dispose();
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, user);
  await page.goto('/dashboard/saved-searches');
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const widths = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
  }));
  expect(widths.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(widths.innerWidth);
});
