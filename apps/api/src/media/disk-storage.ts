import fs from 'node:fs/promises';
import path from 'node:path';
import {
  assertSafeMediaKey,
  contentTypeOfKey,
  isSafeMediaKey,
  type MediaStorage,
  mediaKeyOf,
  mediaUrlOf,
} from './storage.ts';

/** Media as files under one folder (`DATA_DIR/media` by default), one file per key. */
export function createLocalDiskStorage(root: string): MediaStorage {
  const pathOf = (key: string) => {
    assertSafeMediaKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes, { flag: 'wx' });
    },
    async read(key) {
      const file = pathOf(key);
      const handle = await fs.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
        throw error;
      });
      if (!handle) return null;
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return {
        body: handle.createReadStream(),
        contentType: contentTypeOfKey(key),
        size: stat.size,
        // The form @fastify/static (send) gave these files: size and time, weak.
        etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
        lastModified: stat.mtime,
      };
    },
    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async *keys() {
      const entries = await fs
        .readdir(root, { recursive: true, withFileTypes: true })
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path
          .relative(root, path.join(entry.parentPath, entry.name))
          .split(path.sep)
          .join('/');
        if (isSafeMediaKey(key)) yield key;
      }
    },
    urlOf: mediaUrlOf,
    keyOf: mediaKeyOf,
  };
}
