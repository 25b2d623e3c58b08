import { randomUUID } from 'node:crypto';
import { MAX_UPLOAD_BYTES, photoMessages } from '@basha/domain';
import sharp from 'sharp';
import { AppError } from '../http/app-error.ts';
import type { MediaStorage } from './storage.ts';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** ~50 megapixels: far above any phone photo, far below a decompression bomb. */
const MAX_INPUT_PIXELS = 50_000_000;

export type StoredImage = {
  /** URL of the first variant. */
  url: string;
  /** Every file written, one per variant. */
  keys: string[];
  /** What the keys share: variant `w` is stored at `${prefix}-${w}.webp`. */
  prefix: string;
  /** Pixel size of the biggest variant actually written (never enlarged past the original). */
  largest: { width: number; height: number };
};

type Variant = { width: number; height?: number };

/**
 * Validates an uploaded image and stores it as WebP variants. Orientation is applied and
 * every piece of metadata (EXIF, GPS, ICC comments) is dropped by re-encoding.
 * Returns the URL of the first variant.
 */
export async function storeImage(
  storage: MediaStorage,
  folder: string,
  bytes: Buffer,
  variants: readonly Variant[],
): Promise<StoredImage> {
  const prefix = `${folder}/${randomUUID()}`;
  const encoded = (await encodeImage(bytes, variants)).map((file, index) => ({
    // Every variant gets its own file even when the original is smaller than its width,
    // so every URL in a srcset resolves.
    key: `${prefix}-${(variants[index] as Variant).width}.webp`,
    ...file,
  }));
  for (const file of encoded) await storage.put(file.key, file.bytes, 'image/webp');
  const keys = encoded.map((file) => file.key);
  const largest = encoded.reduce(
    (big, file) => (file.width * file.height > big.width * big.height ? file : big),
    { width: 0, height: 0 },
  );
  return {
    url: storage.urlOf(keys[0] as string),
    keys,
    prefix,
    largest: { width: largest.width, height: largest.height },
  };
}

/**
 * Validates an uploaded image and encodes its WebP variants without storing them: the
 * refusals and the work of storeImage, for callers that must look and cost the same.
 */
export async function encodeImage(
  bytes: Buffer,
  variants: readonly Variant[],
): Promise<{ bytes: Buffer; width: number; height: number }[]> {
  if (bytes.length === 0)
    throw new AppError('VALIDATION_FAILED', photoMessages.empty, {
      errors: [{ path: 'photo', message: photoMessages.empty }],
    });
  if (bytes.length > MAX_UPLOAD_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', photoMessages.tooLarge);
  }
  const format = await detectFormat(bytes);
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', photoMessages.notAnImage);
  }
  return Promise.all(variants.map((variant) => encode(bytes, variant)));
}

async function detectFormat(bytes: Buffer): Promise<string | undefined> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return metadata.format;
  } catch {
    return undefined;
  }
}

async function encode(
  bytes: Buffer,
  variant: Variant,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'warning',
    })
      .rotate()
      .resize({
        width: variant.width,
        height: variant.height,
        fit: variant.height ? 'cover' : 'inside',
        withoutEnlargement: !variant.height,
      })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw new AppError('VALIDATION_FAILED', photoMessages.unreadable, {
      errors: [{ path: 'photo', message: photoMessages.unreadable }],
    });
  }
}
