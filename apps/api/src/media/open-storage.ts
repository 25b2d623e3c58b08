import fs from 'node:fs';
import type { MediaConfig } from '../config.ts';
import { createLocalDiskStorage } from './disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { MediaStorage } from './storage.ts';

/** The media storage the configuration names, and how to let go of it. */
export async function openMediaStorage(
  config: MediaConfig,
): Promise<{ storage: MediaStorage; close(): void }> {
  if (config.store === 's3') {
    const storage = await createS3Storage(config);
    return { storage, close: storage.close };
  }
  // Made at boot, so a fresh install serves /media (all 404) before the first upload.
  fs.mkdirSync(config.root, { recursive: true });
  return { storage: createLocalDiskStorage(config.root), close: () => {} };
}
