import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing, listingGalleryPhoto, listingPhotoUpload } from '../../db/schema.ts';
import type { ListingPhotoColumns } from './listing-photo.ts';

// A listing's gallery (listing_photos) and the photos uploaded for one (listing_photo_uploads).

/** One photo of a gallery, in the order the gallery shows them. */
export type GalleryPhotoRow = ListingPhotoColumns & { caption: string | null };

/** The columns a gallery photo is read with (the details page builds the same fields as JSON). */
export const galleryPhotoColumns = {
  photoKey: listingGalleryPhoto.photoKey,
  photoWidth: listingGalleryPhoto.photoWidth,
  photoHeight: listingGalleryPhoto.photoHeight,
  caption: listingGalleryPhoto.caption,
};

/** A listing's photos, the cover first. */
export async function galleryOf(db: Database, listingId: string): Promise<GalleryPhotoRow[]> {
  return db
    .select(galleryPhotoColumns)
    .from(listingGalleryPhoto)
    .where(eq(listingGalleryPhoto.listingId, listingId))
    .orderBy(asc(listingGalleryPhoto.position));
}

/**
 * The galleries of several listings in one query (a page of them, not one query per
 * listing), each cover first; a listing without photos maps to an empty gallery.
 */
export async function galleriesOf(
  db: Database,
  listingIds: readonly string[],
): Promise<Map<string, GalleryPhotoRow[]>> {
  const galleries = new Map(listingIds.map((id) => [id, [] as GalleryPhotoRow[]]));
  if (listingIds.length === 0) return galleries;
  const rows = await db
    .select({ listingId: listingGalleryPhoto.listingId, ...galleryPhotoColumns })
    .from(listingGalleryPhoto)
    .where(inArray(listingGalleryPhoto.listingId, [...new Set(listingIds)]))
    .orderBy(asc(listingGalleryPhoto.listingId), asc(listingGalleryPhoto.position));
  for (const { listingId, ...photo } of rows) galleries.get(listingId)?.push(photo);
  return galleries;
}

/**
 * Makes `photos` the listing's gallery, in that order, and copies the first (the cover) and
 * the count onto the listing row, so cards read one row. Runs inside the caller's transaction.
 */
export async function writeGallery(
  tx: Database,
  listingId: string,
  photos: readonly GalleryPhotoRow[],
): Promise<void> {
  const [cover] = photos;
  if (!cover) throw new Error('A gallery has at least one photo.');
  await tx.delete(listingGalleryPhoto).where(eq(listingGalleryPhoto.listingId, listingId));
  await tx
    .insert(listingGalleryPhoto)
    .values(photos.map((photo, position) => ({ listingId, position, ...photo })));
  await tx
    .update(listing)
    .set({
      photoKey: cover.photoKey,
      photoWidth: cover.photoWidth,
      photoHeight: cover.photoHeight,
      photoCount: photos.length,
    })
    .where(eq(listing.id, listingId));
}

/** Records a photo its agent uploaded for a listing to come. */
export async function insertPhotoUpload(
  db: Database,
  agentId: string,
  photo: ListingPhotoColumns,
): Promise<void> {
  await db.insert(listingPhotoUpload).values({ agentId, ...photo });
}

/**
 * Takes the agent's own uploads among `keys` out of the uploads (they are about to join a
 * gallery). Deleting them settles races: of two requests using one upload, the second waits
 * for the first and then finds nothing. Another agent's upload is never found.
 */
export async function claimUploads(
  tx: Database,
  agentId: string,
  keys: readonly string[],
): Promise<ListingPhotoColumns[]> {
  if (keys.length === 0) return [];
  return tx
    .delete(listingPhotoUpload)
    .where(
      and(eq(listingPhotoUpload.agentId, agentId), inArray(listingPhotoUpload.photoKey, [...keys])),
    )
    .returning({
      photoKey: listingPhotoUpload.photoKey,
      photoWidth: listingPhotoUpload.photoWidth,
      photoHeight: listingPhotoUpload.photoHeight,
    });
}

/** Deletes the uploads no listing took within `lifetimeHours`, returning their keys. */
export async function takeAbandonedUploads(db: Database, lifetimeHours: number): Promise<string[]> {
  const rows = await db
    .delete(listingPhotoUpload)
    .where(lt(listingPhotoUpload.createdAt, sql`now() - make_interval(hours => ${lifetimeHours})`))
    .returning({ photoKey: listingPhotoUpload.photoKey });
  return rows.map((row) => row.photoKey);
}
