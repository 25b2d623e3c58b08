import {
  type ListingGalleryInput,
  type ListingGalleryPhoto,
  type ListingPhotoUpload,
  listingGalleryMessages,
  listingPhoto,
} from '@basha/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { claimUploads, type GalleryPhotoRow } from './listing-gallery.repository.ts';
import type { ListingPhotoColumns } from './listing-photo.ts';

/**
 * How an add or update changes a listing's photos (ADR 31): today's single `photo` file
 * (the cover; on update it replaces the cover only), or the ordered list of photo keys,
 * uploaded first one by one, with captions.
 */
export type ListingPhotosChange =
  | { kind: 'file'; bytes: Buffer }
  | { kind: 'list'; photos: ListingGalleryInput };

/**
 * The gallery a list asks for: a key the listing already has keeps its photo, any other
 * must be one of the agent's own uploads, which it takes. Anything else is refused with the
 * photo's place in the list, and the caller's transaction rolls the taking back.
 */
export async function resolveGallery(
  tx: Database,
  agentId: string,
  current: readonly GalleryPhotoRow[],
  input: ListingGalleryInput,
): Promise<GalleryPhotoRow[]> {
  const known = new Map<string, ListingPhotoColumns>(current.map((p) => [p.photoKey, p]));
  const newKeys = input.map((item) => item.key).filter((key) => !known.has(key));
  for (const upload of await claimUploads(tx, agentId, newKeys)) known.set(upload.photoKey, upload);
  const unknown = input.flatMap((item, index) =>
    known.has(item.key)
      ? []
      : [{ path: `photos.${index}`, message: listingGalleryMessages.unknownPhoto }],
  );
  if (unknown.length > 0) throw AppError.validation(unknown);
  return input.map((item) => {
    const photo = known.get(item.key) as ListingPhotoColumns;
    return {
      photoKey: photo.photoKey,
      photoWidth: photo.photoWidth,
      photoHeight: photo.photoHeight,
      caption: item.caption ?? null,
    };
  });
}

/** The gallery with a new cover in place of the old one (today's single-photo update). */
export function withNewCover(
  current: readonly GalleryPhotoRow[],
  cover: ListingPhotoColumns,
): GalleryPhotoRow[] {
  return [{ ...cover, caption: null }, ...current.slice(1)];
}

/** The keys of the photos `before` had and `after` no longer has: their files go after commit. */
export function removedPhotoKeys(
  before: readonly GalleryPhotoRow[],
  after: readonly GalleryPhotoRow[],
): string[] {
  const kept = new Set(after.map((photo) => photo.photoKey));
  return before.map((photo) => photo.photoKey).filter((key) => !kept.has(key));
}

export function toGalleryPhoto(row: GalleryPhotoRow, position: number): ListingGalleryPhoto {
  return {
    ...listingPhoto(row.photoKey, row.photoWidth, row.photoHeight),
    key: row.photoKey,
    position,
    caption: row.caption,
  };
}

export function toPhotoUpload(photo: ListingPhotoColumns): ListingPhotoUpload {
  return {
    key: photo.photoKey,
    photo: listingPhoto(photo.photoKey, photo.photoWidth, photo.photoHeight),
  };
}
