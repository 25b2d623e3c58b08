import { hashPassword } from 'better-auth/crypto';
import sharp from 'sharp';
import { createLocalDiskStorage } from '../../../apps/api/src/media/disk-storage.ts';
import { storeImage } from '../../../apps/api/src/media/images.ts';
import { PROFILE_PHOTO_VARIANTS } from '../../../apps/api/src/modules/accounts/sign-up.service.ts';
import { storeListingPhotos } from '../../../apps/api/src/seed/demo-photos.ts';
import type { BuildingKind } from '../../../apps/api/src/seed/listing-illustration.ts';
import type { BenchAssets } from './generate-sql.ts';
import { BENCH_PASSWORD } from './scale.ts';

const KINDS: BuildingKind[] = ['apartment', 'duplex', 'commercial', 'house'];
const AVATAR_COLOURS = ['#0f766e', '#b45309', '#4338ca'];

/**
 * Stores a handful of real listing photos and avatars under `<mediaDir>` the way the app
 * stores uploads, so pages built on generated data show real images. Every generated row
 * points at one of them. The password hash is better-auth's own (scrypt), so generated
 * accounts log in through the real endpoint.
 */
export async function createBenchAssets(
  mediaDir: string,
  photoCount: number,
): Promise<BenchAssets> {
  const storage = createLocalDiskStorage(mediaDir);
  const drawings = Array.from({ length: photoCount }, (_, n) => ({
    kind: KINDS[n % KINDS.length] as BuildingKind,
    seed: 900 + n,
  }));
  const { photos } = await storeListingPhotos(storage, drawings);
  const avatarUrls: string[] = [];
  for (const colour of AVATAR_COLOURS) {
    const png = await sharp({
      create: { width: 256, height: 256, channels: 3, background: colour },
    })
      .png()
      .toBuffer();
    const stored = await storeImage(storage, 'profile-photos', png, PROFILE_PHOTO_VARIANTS);
    avatarUrls.push(stored.url);
  }
  return { photos, avatarUrls, passwordHash: await hashPassword(BENCH_PASSWORD) };
}
