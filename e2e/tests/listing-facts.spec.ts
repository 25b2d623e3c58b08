import { randomUUID } from 'node:crypto';
import { createUserAccount, PHOTO } from '../support/api.ts';
import { factsOn } from '../support/listing-pages.ts';
import { createAgentAccount, signIn, uniqueTitle, verifyListing } from '../support/listings.ts';
import { expect, test } from '../support/test.ts';

// Issue 19: property facts and the structured location, from the agent's form to the page a
// buyer reads in English and in Bangla (ADR 29).

test('an agent adds an apartment with facts and a place; its page shows them in English and Bangla', async ({
  page,
  browser,
}) => {
  const title = uniqueTitle('Lake view flat in Gulshan');
  await signIn(page, await createAgentAccount());
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/dashboard/add-property');
  const form = page.getByRole('main').locator('form');

  await page.getByLabel('Property title').fill(title);
  await page.getByLabel('Property location').fill(`Road ${randomUUID().slice(0, 4)}, Gulshan 2`);
  await page.getByLabel('Description').fill('Three bedrooms over the lake, with a lift.');
  await page.getByLabel('Minimum price').fill('14500000');
  await page.getByLabel('Maximum price').fill('16000000');

  await page.getByLabel('Division').selectOption('Dhaka');
  await page.getByLabel('District').selectOption('Dhaka');
  await page.getByLabel('Area (optional)').selectOption('Gulshan');

  // A plot asks for no rooms; an apartment does, and the server's rules are mirrored.
  await page.getByLabel('Type', { exact: true }).selectOption('Plot/Land');
  await expect(page.getByLabel('Bedrooms')).toHaveCount(0);
  await expect(page.getByLabel('Unit')).toBeVisible();
  await page.getByLabel('Type', { exact: true }).selectOption('Apartment/Flat');
  await page.getByLabel('Bedrooms').fill('3');
  await page.getByLabel('Bathrooms').fill('3');
  await page.getByLabel('Size', { exact: true }).fill('1450');
  await page.getByLabel('Floor (optional)').fill('9');
  await page.getByLabel('Total floors (optional)').fill('8');
  await page.getByLabel('Facing (optional)').selectOption('South-east');
  await page.getByLabel('Completion').selectOption('Ready');
  await page.getByLabel('Furnishing (optional)').selectOption('Semi-furnished');
  await page.getByRole('checkbox', { name: 'Lift' }).check();
  await page.getByRole('checkbox', { name: 'Generator' }).check();
  await page.getByLabel('Property photo').setInputFiles(PHOTO);

  // The floor is above the building: refused at its field, nothing added.
  await form.getByRole('button', { name: 'Add Property' }).click();
  await expect(page.getByLabel('Floor (optional)')).toHaveAccessibleDescription(
    /The floor must not be above the total number of floors\./,
  );
  // The form is usable on a 360 px phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByLabel('Total floors (optional)').fill('12');
  await page.getByLabel('Floor (optional)').fill('7');
  await form.getByRole('button', { name: 'Add Property' }).click();
  await expect(page.getByText('Property Successfully Added')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/added-property');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toContainText('Apartment/Flat · 3 bed · 3 bath · 1,450 sq ft');
  const mine = await (await page.request.get('/api/v1/listings/mine')).json();
  const id = mine.items.find((item: { title: string }) => item.title === title)?.id as string;
  expect(id).toBeTruthy();

  await verifyListing(id);

  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await signIn(reader, await createUserAccount('E2E Facts Reader'));
  await reader.goto(`/propertyDetails/${id}`);
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(await factsOn(reader, 'Property facts')).toEqual({
    Place: 'Gulshan, Dhaka',
    Type: 'Apartment/Flat',
    Bedrooms: '3 bedrooms',
    Bathrooms: '3 bathrooms',
    Size: '1,450 sq ft',
    'Price per sq ft': '10,000–11,034 TK per sq ft',
    Floor: 'Floor 7 of 12',
    Facing: 'South-east',
    Completion: 'Ready',
    Furnishing: 'Semi-furnished',
    Amenities: 'Lift, Generator',
  });

  await reader.getByRole('button', { name: 'Switch language to Bangla' }).click();
  await expect(reader.locator('html')).toHaveAttribute('lang', 'bn');
  const bangla = await factsOn(reader, 'প্রপার্টির তথ্য');
  expect(bangla).toMatchObject({
    অবস্থান: 'গুলশান, ঢাকা',
    ধরন: 'অ্যাপার্টমেন্ট/ফ্ল্যাট',
    আয়তন: '১,৪৫০ বর্গফুট',
  });
  expect(Object.keys(bangla)).toHaveLength(11);
  // Every fact in Bangla: Bangla digits only, no English word left.
  for (const [label, value] of Object.entries(bangla)) {
    expect(`${label} ${value}`, label).not.toMatch(/[0-9A-Za-z]/);
  }
  await readerContext.close();
});
