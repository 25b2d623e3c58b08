import type { ListingFields } from '@basha/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing } from '../../db/schema.ts';
import * as changes from './listing-changes.repository.ts';
import type { ListingPhotoColumns } from './listing-photo.ts';

/**
 * An edit of a listing as the update form sends it, validated: its fields, and the photo it
 * brings (already stored in media), if any. A revision stores exactly this (ADR 32), so
 * whatever the form gains flows through review without new code.
 */
export type ListingEdit = { fields: ListingFields; photo: ListingPhotoColumns | null };

/**
 * Writes an edit onto the listing, inside the caller's transaction (the listing already
 * locked): a direct edit of a pending listing, and an approved revision, both come here.
 * Returns the key of the photo the edit replaced, for the caller to remove from media once
 * the transaction has committed; null when the photo stays.
 */
export async function applyListingEdit(
  tx: Database,
  listingId: string,
  edit: ListingEdit,
): Promise<string | null> {
  const [current] = await tx
    .select({ photoKey: listing.photoKey })
    .from(listing)
    .where(eq(listing.id, listingId));
  await changes.updateListing(tx, listingId, { ...edit.fields, ...edit.photo });
  return edit.photo && current && current.photoKey !== edit.photo.photoKey
    ? current.photoKey
    : null;
}

/** The keys of the photos an edit brings (none when it keeps the listing's). */
export function photoKeysOf(edit: ListingEdit): string[] {
  return edit.photo ? [edit.photo.photoKey] : [];
}
