import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { SEARCH_BASE_URL } from '../playwright.config.ts';
import { apiAs, createUserAccount, PHOTO } from '../support/api.ts';
import { createAgentAccount, signIn, uniqueTitle, verifyListing } from '../support/listings.ts';
import { expect, test } from '../support/test.ts';

// Issue 19: a buyer filters All Properties on facts and place, shares the search as a link,
// and Back returns to the search before. The listings are added through the API with their
// facts and structured place, as an agent's form sends them, and verified by the admin.

type Facts = {
  area: 'gulshan' | 'banani';
  bedrooms: number;
  size: number;
  amenities: string[];
};

async function addFlat(agent: APIRequestContext, title: string, facts: Facts): Promise<string> {
  const response = await agent.post('/api/v1/listings', {
    multipart: {
      title,
      location: `House 7, Road 90, ${facts.area === 'gulshan' ? 'Gulshan 2' : 'Banani'}, Dhaka`,
      description: 'A bright flat seeded by the search end-to-end test.',
      priceMin: '15000000',
      priceMax: '16500000',
      photo: { name: 'photo.png', mimeType: 'image/png', buffer: fs.readFileSync(PHOTO) },
      type: 'apartment',
      bedrooms: String(facts.bedrooms),
      bathrooms: String(facts.bedrooms),
      size: String(facts.size),
      sizeUnit: 'sqft',
      floor: '5',
      totalFloors: '10',
      completion: 'ready',
      furnishing: 'unfurnished',
      amenities: facts.amenities.join(','),
      division: 'dhaka',
      district: 'dhaka',
      area: facts.area,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const id = (await response.json()).id as string;
  await verifyListing(id, SEARCH_BASE_URL);
  return id;
}

// On a Basha of its own: it compares whole result lists (servers.ts).
test.use({ baseURL: SEARCH_BASE_URL });

test('a user filters apartments in Gulshan by rooms, size and lift, shares the link, and goes Back', async ({
  page,
  browser,
  baseURL,
}) => {
  const titles = {
    match: uniqueTitle('Search match flat'),
    twoBeds: uniqueTitle('Search two-bed flat'),
    noLift: uniqueTitle('Search walk-up flat'),
    inBanani: uniqueTitle('Search Banani flat'),
  };
  const agent = await apiAs(
    await createAgentAccount('E2E Search Agent', SEARCH_BASE_URL),
    SEARCH_BASE_URL,
  );
  await addFlat(agent, titles.match, {
    area: 'gulshan',
    bedrooms: 3,
    size: 1500,
    amenities: ['lift', 'generator'],
  });
  await addFlat(agent, titles.twoBeds, {
    area: 'gulshan',
    bedrooms: 2,
    size: 1300,
    amenities: ['lift'],
  });
  await addFlat(agent, titles.noLift, {
    area: 'gulshan',
    bedrooms: 3,
    size: 1600,
    amenities: ['generator'],
  });
  await addFlat(agent, titles.inBanani, {
    area: 'banani',
    bedrooms: 3,
    size: 1400,
    amenities: ['lift'],
  });
  await agent.dispose();

  await signIn(page, await createUserAccount('E2E Searcher', SEARCH_BASE_URL), SEARCH_BASE_URL);
  await page.goto('/allproperties');
  await page.getByText('More filters').click();
  await page.getByRole('checkbox', { name: /^Apartment\/Flat/ }).check();
  await page.getByLabel('Bedrooms (at least)').selectOption('3');
  await page.getByLabel('Minimum size').fill('1200');
  await page.getByLabel('Maximum size').fill('1800');
  await expect(page).toHaveURL(/maxSize=1800/);
  await page.getByRole('checkbox', { name: 'Lift' }).check();
  await page.getByLabel('Division').selectOption('dhaka');
  await page.getByLabel('District').selectOption('dhaka');
  const results = page.getByRole('list', { name: 'Verified properties' }).getByRole('article');
  // Dhaka district: the Banani flat matches too, before the area is chosen.
  await expect(results.filter({ hasText: titles.inBanani })).toBeVisible();
  await page.getByLabel('Area').selectOption('gulshan');
  await expect(page).toHaveURL(/area=gulshan/);

  await expect(results.filter({ hasText: titles.match })).toBeVisible();
  for (const other of [titles.twoBeds, titles.noLift, titles.inBanani]) {
    await expect(results.filter({ hasText: other })).toHaveCount(0);
  }
  const shown = await results.count();
  await expect(page.getByRole('status').filter({ hasText: /propert/ })).toHaveText(
    shown === 1 ? '1 property' : `${shown} properties`,
  );
  const shownTitles = await results.getByRole('heading').allTextContents();

  // The link is the search: another browser, signed in as someone else, sees the same results.
  const link = page.url();
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signIn(
    otherPage,
    await createUserAccount('E2E Link Opener', SEARCH_BASE_URL),
    SEARCH_BASE_URL,
  );
  await otherPage.goto(link);
  const otherResults = otherPage
    .getByRole('list', { name: 'Verified properties' })
    .getByRole('article');
  await expect(otherResults.filter({ hasText: titles.match })).toBeVisible();
  expect(await otherResults.getByRole('heading').allTextContents()).toEqual(shownTitles);
  await expect(otherPage.getByLabel('Area')).toHaveValue('gulshan');
  await other.close();

  // Back returns to the search before the area was chosen.
  await page.goBack();
  await expect(page).not.toHaveURL(/area=/);
  await expect(page.getByLabel('Area')).toHaveValue('');
  await expect(results.filter({ hasText: titles.inBanani })).toBeVisible();
});
