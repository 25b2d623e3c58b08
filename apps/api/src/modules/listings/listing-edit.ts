import type { ListingFields } from '@basha/domain';
import type { Database } from '../../db/client.ts';
import * as changes from './listing-changes.repository.ts';
import { type GalleryPhotoRow, galleryOf, writeGallery } from './listing-gallery.repository.ts';
import { removedPhotoKeys } from './listing-gallery.ts';

/**
 * An edit of a listing as the update form sends it, validated: its fields (facts and place
 * included), and the gallery it asks for, resolved (new photos already stored in media and
 * taken from the agent's uploads), or null when the photos stay. A revision stores exactly
 * this (ADR 32), so whatever the form gains flows through review without new code.
 */
export type ListingEdit = { fields: ListingFields; gallery: GalleryPhotoRow[] | null };

/**
 * Writes an edit onto the listing, inside the caller's transaction (the listing already
 * locked): a direct edit of a pending listing, and an approved revision, both come here.
 * Returns the keys of the photos the edit dropped, for the caller to remove from media once
 * the transaction has committed.
 */
export async function applyListingEdit(
  tx: Database,
  listingId: string,
  edit: ListingEdit,
): Promise<string[]> {
  await changes.updateListing(tx, listingId, edit.fields);
  if (!edit.gallery) return [];
  const before = await galleryOf(tx, listingId);
  await writeGallery(tx, listingId, edit.gallery);
  return removedPhotoKeys(before, edit.gallery);
}

/** The keys of the photos an edit brings that `kept` does not hold: they go if the edit does. */
export function photoKeysOf(edit: ListingEdit, kept: readonly GalleryPhotoRow[] = []): string[] {
  return edit.gallery ? removedPhotoKeys(edit.gallery, kept) : [];
}
