import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded media lives. Local disk by default; an S3-compatible store can implement
 * the same three calls when several API processes must share media.
 */
export interface MediaStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The public URL path of a stored object. */
  urlOf(key: string): string;
  /** The key behind a URL this storage produced, or null for anything else. */
  keyOf(url: string): string | null;
}

export const MEDIA_URL_PREFIX = '/media/';
const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

export function createLocalDiskStorage(root: string): MediaStorage {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsafe media key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes, { flag: 'wx' });
    },
    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    urlOf: (key) => `${MEDIA_URL_PREFIX}${key}`,
    keyOf: (url) => {
      if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
      const key = url.slice(MEDIA_URL_PREFIX.length);
      return SAFE_KEY.test(key) ? key : null;
    },
  };
}
