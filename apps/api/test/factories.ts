import { randomUUID } from 'node:crypto';
import { listing, listingGalleryPhoto } from '../src/db/schema.ts';
import { afterTheClockTicks } from './clock.ts';
import type { TestAccount, TestApp } from './test-app.ts';

type ListingOverrides = Partial<typeof listing.$inferInsert>;

let listingCounter = 0;

/**
 * Inserts a listing straight into the database (default: verified, 5 000–5 100 TK), for
 * tests whose subject is not listing creation itself. Its photo key points at nothing.
 * Each one is newer than anything written before it, so newest-first lists follow the
 * order a test created its listings in.
 */
export async function createListing(
  t: TestApp,
  agent: Pick<TestAccount, 'id'>,
  overrides: ListingOverrides = {},
): Promise<string> {
  listingCounter += 1;
  await afterTheClockTicks();
  const [row] = await t.database.db
    .insert(listing)
    .values({
      agentId: agent.id,
      title: `Test flat ${listingCounter}`,
      location: 'Gulshan 2, Dhaka',
      description: 'A bright three-bedroom flat near the lake.',
      photoKey: `listing-photos/${randomUUID()}`,
      photoWidth: 1200,
      photoHeight: 800,
      priceMin: 5000,
      priceMax: 5100,
      status: 'verified',
      ...overrides,
    })
    .returning({
      id: listing.id,
      photoKey: listing.photoKey,
      photoWidth: listing.photoWidth,
      photoHeight: listing.photoHeight,
    });
  if (!row) throw new Error('listing insert returned nothing');
  // The cover is the gallery's first photo, as the API writes it.
  await t.database.db.insert(listingGalleryPhoto).values({
    listingId: row.id,
    position: 0,
    photoKey: row.photoKey,
    photoWidth: row.photoWidth,
    photoHeight: row.photoHeight,
  });
  return row.id;
}
