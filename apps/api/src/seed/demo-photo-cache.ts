import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** One encoded variant of a drawing: the WebP bytes and their pixel size. */
export type EncodedVariant = { bytes: Buffer; width: number; height: number };

/**
 * Encoded demo photos kept between runs (DEMO_PHOTO_CACHE_DIR): drawing and encoding the
 * demo's 133 photos took 13 s of a start-up on this 2-core machine, and the drawings never
 * change. Tests and development start many fresh databases; production seeds at most once.
 *
 * A drawing's variants are filed under a hash of everything that shapes their bytes (the
 * SVG, the encoder's settings and version), so a changed drawing or encoder never reads an
 * old file. A file is written aside and renamed, so it is whole or absent, and a variant
 * that cannot be read is drawn again.
 */
export type DemoPhotoCache = {
  read(key: string, widths: readonly number[]): Promise<EncodedVariant[] | undefined>;
  write(key: string, widths: readonly number[], variants: readonly EncodedVariant[]): Promise<void>;
};

/** The key of a drawing's variants: everything that shapes their bytes. */
export function demoPhotoKey(parts: Record<string, unknown>): string {
  return createHash('sha256')
    .update(JSON.stringify({ ...parts, sharp: sharp.versions }))
    .digest('hex');
}

export function openDemoPhotoCache(dir: string): DemoPhotoCache {
  const fileOf = (key: string, width: number) => path.join(dir, `${key}-${width}.webp`);
  return {
    async read(key, widths) {
      try {
        return await Promise.all(
          widths.map(async (width) => {
            const bytes = await fs.readFile(fileOf(key, width));
            const size = await sharp(bytes).metadata();
            return { bytes, width: size.width, height: size.height };
          }),
        );
      } catch {
        return undefined;
      }
    },
    async write(key, widths, variants) {
      await fs.mkdir(dir, { recursive: true });
      await Promise.all(
        variants.map(async (variant, index) => {
          const file = fileOf(key, widths[index] as number);
          const aside = `${file}.${randomUUID()}.part`;
          await fs.writeFile(aside, variant.bytes);
          await fs.rename(aside, file);
        }),
      );
    },
  };
}
