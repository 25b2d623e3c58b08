import { LISTING_PHOTO_WIDTHS } from '@basha/domain';
import { storeImage } from '../../media/images.ts';
import type { MediaStorage } from '../../media/storage.ts';

const FOLDER = 'listing-photos';

/** The photo columns of a listing: key prefix plus the size of the largest variant. */
export type ListingPhotoColumns = { photoKey: string; photoWidth: number; photoHeight: number };

/** Validates the upload and writes one WebP per LISTING_PHOTO_WIDTHS (fitted, never cropped). */
export async function storeListingPhoto(
  storage: MediaStorage,
  bytes: Buffer,
): Promise<ListingPhotoColumns> {
  const stored = await storeImage(
    storage,
    FOLDER,
    bytes,
    LISTING_PHOTO_WIDTHS.map((width) => ({ width })),
  );
  return {
    photoKey: stored.prefix,
    photoWidth: stored.largest.width,
    photoHeight: stored.largest.height,
  };
}

/** The storage keys of a photo's variants, one per LISTING_PHOTO_WIDTHS. */
export function listingPhotoKeys(photoKey: string): string[] {
  return LISTING_PHOTO_WIDTHS.map((width) => `${photoKey}-${width}.webp`);
}

/**
 * Removes every variant of a photo. Called once the database change that dropped the photo
 * has committed, so it is best effort: a leftover file is harmless, a failed request is not.
 */
export async function removeListingPhoto(storage: MediaStorage, photoKey: string): Promise<void> {
  await Promise.allSettled(listingPhotoKeys(photoKey).map((key) => storage.delete(key)));
}

/** Removes every variant of each photo, after the change that dropped them has committed. */
export async function removeListingPhotos(
  storage: MediaStorage,
  photoKeys: readonly string[],
): Promise<void> {
  await Promise.all(photoKeys.map((photoKey) => removeListingPhoto(storage, photoKey)));
}
