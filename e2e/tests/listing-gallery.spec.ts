import { pagePaths } from '@basha/domain';
import { createUserAccount, demo } from '../support/api.ts';
import { captionsInOrder, roomPhotos, verifyPendingListing } from '../support/listing-pages.ts';
import { createAgentAccount, signIn, uniqueTitle } from '../support/listings.ts';
import { expect, test } from '../support/test.ts';

// Issue 19's gallery, end to end (ADR 31): several photos uploaded with progress, reordered
// by keyboard and by dragging, verified, then paged through full screen with the keyboard.

const photos = roomPhotos(5);

test('an agent adds a property with five photos and orders them; a user pages through the gallery', async ({
  page,
  browser,
}) => {
  const title = uniqueTitle('Gallery flat');
  await signIn(page, await createAgentAccount());
  await page.goto('/dashboard/add-property');
  await page.getByLabel('Property title').fill(title);
  await page.getByLabel('Property location').fill('Road 90, Gulshan 2, Dhaka');
  await page.getByLabel('Description').fill('Three bedrooms with a lake view.');
  await page.getByLabel('Minimum price').fill('5000');
  await page.getByLabel('Maximum price').fill('5100');
  await page.getByLabel('Property photo').setInputFiles(photos);
  for (let n = 1; n <= 5; n += 1) {
    await page.getByLabel(`Caption for photo ${n} (optional)`).fill(`Room ${n}`);
  }

  // By keyboard: photo 5 moves up twice, and the move is announced.
  await page.getByRole('button', { name: 'Move photo 5 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Photo moved to position 4 of 5.')).toBeAttached();
  await page.getByRole('button', { name: 'Move photo 4 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Photo moved to position 3 of 5.')).toBeAttached();
  expect(await captionsInOrder(page)).toEqual(['Room 1', 'Room 2', 'Room 5', 'Room 3', 'Room 4']);
  // And one drag: the second photo dropped on the first becomes the cover.
  const tiles = page.getByTestId('gallery-draft');
  await tiles.nth(1).dragTo(tiles.nth(0));
  expect(await captionsInOrder(page)).toEqual(['Room 2', 'Room 1', 'Room 5', 'Room 3', 'Room 4']);

  // Each upload shows its own progress: held back a moment so it can be seen.
  await page.route('**/api/v1/listing-photos', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Add Property' }).click();
  await expect(page.getByRole('progressbar', { name: 'Upload progress of photo 1' })).toBeVisible();
  await expect(page.getByText('Property Successfully Added')).toBeVisible({ timeout: 20_000 });
  await page.unroute('**/api/v1/listing-photos');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toContainText('5 photos');
  const updateLink = await card
    .getByRole('link', { name: /^Update Property/ })
    .getAttribute('href');
  const listingId = String(updateLink).split('/').at(-1) as string;

  // The admin verifies it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, demo('admin'));
  await verifyPendingListing(admin, title);
  await adminContext.close();

  // A user opens the gallery and pages through it with the keyboard.
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await signIn(user, await createUserAccount('E2E Gallery Buyer'));
  await user.goto(pagePaths.propertyDetails(listingId));
  const main = user.getByRole('button', { name: 'View all 5 photos' });
  await expect(main.getByRole('img')).toHaveAttribute('alt', 'Room 2');
  const thumbnails = user.getByRole('button', { name: /^Show photo/ }).getByRole('img');
  await expect(thumbnails).toHaveCount(5);
  expect(
    await thumbnails.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt'))),
  ).toEqual(['Room 2', 'Room 1', 'Room 5', 'Room 3', 'Room 4']);
  await main.click();
  const viewer = user.getByRole('dialog', { name: `Photos of ${title}` });
  await expect(viewer).toContainText('Photo 1 of 5');
  await user.keyboard.press('ArrowRight');
  await expect(viewer).toContainText('Photo 2 of 5');
  await expect(viewer.getByRole('img', { name: 'Room 1' })).toBeVisible();
  await user.keyboard.press('ArrowRight');
  await expect(viewer).toContainText('Photo 3 of 5');
  await user.keyboard.press('ArrowLeft');
  await expect(viewer).toContainText('Photo 2 of 5');
  // Tab goes round the viewer's own buttons (and the browser's), never to the page it covers.
  for (let step = 0; step < 6; step += 1) {
    await user.keyboard.press('Tab');
    const focus = await user.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return 'the browser';
      return focused.closest('dialog') ? 'the viewer' : focused.outerHTML.slice(0, 120);
    });
    expect(['the viewer', 'the browser']).toContain(focus);
  }
  await user.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(main).toBeFocused();

  // A phone's Back button closes the viewer, as it closes any full-screen view, and stays on
  // the page; Forward is not needed to get the page back.
  await main.click();
  await expect(viewer).toContainText('Photo 1 of 5');
  await user.goBack();
  await expect(viewer).toHaveCount(0);
  await expect(user).toHaveURL(new RegExp(`${pagePaths.propertyDetails(listingId)}$`));
  await expect(user.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(main).toBeFocused();
  await userContext.close();
});

test('a file named like a photo that is none is marked on its tile before anything is uploaded', async ({
  page,
}) => {
  await signIn(page, await createAgentAccount());
  await page.goto('/dashboard/add-property');
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/v1/')) {
      uploads.push(request.url());
    }
  });
  await page
    .getByLabel('Property photo')
    .setInputFiles([
      ...roomPhotos(1),
      { name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('notes, not a photo') },
    ]);
  const fake = page.getByTestId('gallery-draft').nth(1);
  await expect(fake).toContainText(
    'Photo 2 (fake.jpg): The photo could not be read as an image. Please choose another file.',
  );
  await expect(page.getByTestId('gallery-draft').nth(0)).not.toContainText('could not be read');
  await page.getByRole('button', { name: 'Add Property' }).click();
  await expect(
    page.getByText('The photo could not be read as an image. Please choose another file.', {
      exact: true,
    }),
  ).toBeVisible();
  expect(uploads).toEqual([]);
});
