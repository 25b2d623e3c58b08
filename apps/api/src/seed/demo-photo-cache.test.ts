import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LISTING_PHOTO_WIDTHS } from '@basha/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesOf } from '../../test/restore-targets.ts';
import { createLocalDiskStorage } from '../media/disk-storage.ts';
import type { MediaStorage } from '../media/storage.ts';
import { openDemoPhotoCache } from './demo-photo-cache.ts';
import { type ListingDrawing, storeListingPhotos } from './demo-photos.ts';

const DRAWINGS: ListingDrawing[] = [
  { kind: 'apartment', seed: 1 },
  { kind: 'duplex', seed: 2, effort: 0 },
];

let scratch: string;
beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-photo-cache-'));
});
afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

/** Every stored variant's bytes, in drawing and width order. */
async function storedBytes(storage: MediaStorage, photoKeys: string[]): Promise<Buffer[]> {
  const keys = photoKeys.flatMap((key) => LISTING_PHOTO_WIDTHS.map((w) => `${key}-${w}.webp`));
  return Promise.all(keys.map(async (key) => (await bytesOf(storage, key)) as Buffer));
}

describe('the demo photo cache', () => {
  it('gives a later seed the same photos without drawing them, and draws again what is damaged', async () => {
    const cacheDir = path.join(scratch, 'cache');
    const cache = openDemoPhotoCache(cacheDir);
    const drawn = createLocalDiskStorage(path.join(scratch, 'drawn'));
    const first = await storeListingPhotos(drawn, DRAWINGS, cache);
    const files = await fs.readdir(cacheDir);
    expect(files).toHaveLength(DRAWINGS.length * LISTING_PHOTO_WIDTHS.length);

    const fromCache = createLocalDiskStorage(path.join(scratch, 'from-cache'));
    const second = await storeListingPhotos(fromCache, DRAWINGS, cache);
    expect(second.photos.map(({ width, height }) => ({ width, height }))).toEqual(
      first.photos.map(({ width, height }) => ({ width, height })),
    );
    const drawnBytes = await storedBytes(
      drawn,
      first.photos.map((p) => p.photoKey),
    );
    expect(
      await storedBytes(
        fromCache,
        second.photos.map((p) => p.photoKey),
      ),
    ).toEqual(drawnBytes);

    // A cached file cut short (a crash elsewhere, a full disk) is not served: drawn again.
    for (const file of files) await fs.writeFile(path.join(cacheDir, file), 'not a webp');
    const redrawn = createLocalDiskStorage(path.join(scratch, 'redrawn'));
    const third = await storeListingPhotos(redrawn, DRAWINGS, cache);
    expect(
      await storedBytes(
        redrawn,
        third.photos.map((p) => p.photoKey),
      ),
    ).toEqual(drawnBytes);
  });
});
