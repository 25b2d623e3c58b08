import { randomUUID } from 'node:crypto';
import { LISTING_PHOTO_WIDTHS } from '@basha/domain';
import sharp from 'sharp';
import { mapWithConcurrency } from '../map-with-concurrency.ts';
import type { MediaStorage } from '../media/storage.ts';
import { type DemoPhotoCache, demoPhotoKey, type EncodedVariant } from './demo-photo-cache.ts';
import { type BuildingKind, drawListingIllustration } from './listing-illustration.ts';

export type ListingDrawing = {
  kind: BuildingKind;
  seed: number;
  /**
   * WebP effort: 1 by default; 0 for gallery photos after the cover, which load lazily, so
   * seeding 130 photos stays quick (~30 ms a photo against ~130 ms at effort 1, a few KB more).
   */
  effort?: 0 | 1;
};

/** What a listing row needs about its photo: the key prefix and the largest variant's size. */
export type StoredListingPhoto = { photoKey: string; width: number; height: number };

export type StoredPhotoBatch = {
  photos: StoredListingPhoto[];
  /** Deletes every stored file again (the seed transaction failed). */
  removeAll(): Promise<void>;
};

/** Each demo listing's gallery has 3–6 photos (issue 19); the listing's own drawing is the cover. */
export function demoGalleryDrawings(
  listings: readonly { kind: BuildingKind }[],
): ListingDrawing[][] {
  return listings.map((listing, index) =>
    // Other seeds draw the same kind of building under other skies, in other colours: the
    // same property seen at other times and from other sides.
    Array.from({ length: 3 + (index % 4) }, (_, n) => ({
      kind: listing.kind,
      seed: index + n * 97,
    })),
  );
}

/** Cuts a flat list of stored photos back into the galleries their drawings came from. */
export function intoGalleries<T>(photos: readonly T[], galleries: readonly unknown[][]): T[][] {
  let next = 0;
  return galleries.map((gallery) => {
    const own = photos.slice(next, next + gallery.length);
    next += gallery.length;
    return own;
  });
}

/** Two drawings at a time keep both cores busy without queueing behind libuv's pool. */
const CONCURRENCY = 2;

/**
 * Draws each listing's illustration and stores it the way uploaded listing photos are
 * stored: WebP variants at LISTING_PHOTO_WIDTHS under `listing-photos/<uuid>-<width>.webp`.
 * If anything fails, the files stored so far are deleted before the error is rethrown.
 */
export async function storeListingPhotos(
  storage: MediaStorage,
  drawings: readonly ListingDrawing[],
  cache?: DemoPhotoCache,
): Promise<StoredPhotoBatch> {
  const storedKeys: string[] = [];
  const removeAll = async () => {
    await Promise.all(storedKeys.splice(0).map((key) => storage.delete(key)));
  };
  try {
    const photos = await mapWithConcurrency(drawings, CONCURRENCY, (drawing) =>
      storeOne(storage, drawing, storedKeys, cache),
    );
    return { photos, removeAll };
  } catch (error) {
    await removeAll();
    throw error;
  }
}

async function storeOne(
  storage: MediaStorage,
  drawing: ListingDrawing,
  storedKeys: string[],
  cache: DemoPhotoCache | undefined,
): Promise<StoredListingPhoto> {
  const variants = await encodedVariants(drawing, cache);
  const photoKey = `listing-photos/${randomUUID()}`;
  let largest = { width: 0, height: 0 };
  for (const [index, width] of LISTING_PHOTO_WIDTHS.entries()) {
    const variant = variants[index] as EncodedVariant;
    const key = `${photoKey}-${width}.webp`;
    await storage.put(key, variant.bytes, 'image/webp');
    storedKeys.push(key);
    if (variant.width >= largest.width) largest = variant;
  }
  return { photoKey, width: largest.width, height: largest.height };
}

/** WebP quality of every variant. */
const QUALITY = 80;

/** A drawing's variants at LISTING_PHOTO_WIDTHS, from the cache when it has them. */
async function encodedVariants(
  drawing: ListingDrawing,
  cache: DemoPhotoCache | undefined,
): Promise<EncodedVariant[]> {
  const svg = drawListingIllustration(drawing.kind, drawing.seed);
  const effort = drawing.effort ?? 1;
  const key = demoPhotoKey({ svg, effort, quality: QUALITY });
  const cached = await cache?.read(key, LISTING_PHOTO_WIDTHS);
  if (cached) return cached;
  // Rasterize once, then scale down: the SVG is parsed and drawn a single time.
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const variants: EncodedVariant[] = [];
  for (const width of LISTING_PHOTO_WIDTHS) {
    const variant = await sharp(data, { raw })
      .resize({ width, fit: 'inside', withoutEnlargement: true })
      // Effort 1 instead of the default 4: flat drawings grow by a few KB, encoding is ~3x faster.
      .webp({ quality: QUALITY, effort })
      .toBuffer({ resolveWithObject: true });
    variants.push({ bytes: variant.data, width: variant.info.width, height: variant.info.height });
  }
  // A cache that cannot be written only costs the next start its drawing.
  await cache?.write(key, LISTING_PHOTO_WIDTHS, variants).catch(() => {});
  return variants;
}
