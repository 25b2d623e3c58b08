import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { PHOTO } from './api.ts';

/** `count` photos to choose at once on the add/update form: room-1.png, room-2.png… */
export const roomPhotos = (count: number) =>
  Array.from({ length: count }, (_, n) => ({
    name: `room-${n + 1}.png`,
    mimeType: 'image/png',
    buffer: fs.readFileSync(PHOTO),
  }));

/** The add/update form's photo captions, in the order buyers will see the photos. */
export const captionsInOrder = (page: Page) =>
  page
    .getByRole('list', { name: 'Photos, in the order buyers see them' })
    .getByRole('textbox')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

/** The details page's facts as label → value. */
export async function factsOn(page: Page, heading: string): Promise<Record<string, string>> {
  const section = page.getByRole('region', { name: heading });
  await expect(section).toBeVisible();
  const terms = await section.getByRole('term').allTextContents();
  const values = await section.getByRole('definition').allTextContents();
  return Object.fromEntries(terms.map((term, index) => [term, values[index] ?? '']));
}

/** An admin verifies a pending listing through Manage Properties, as the spec's dialogs ask. */
export async function verifyPendingListing(admin: Page, title: string): Promise<void> {
  await admin.goto('/dashboard/manage-properties?status=pending');
  const row = admin.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: /^Verify/ }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Yes, verify it!' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(row).toHaveCount(0);
}
