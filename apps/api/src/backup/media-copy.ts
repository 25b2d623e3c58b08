import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { mapWithConcurrency } from '../map-with-concurrency.ts';
import { contentTypeOfKey, isSafeMediaKey, type MediaStorage } from '../media/storage.ts';

/** Copies in flight at once: a bucket answers each request in milliseconds, not microseconds. */
const IN_FLIGHT = 8;

/**
 * Copies every object of the storage into `folder` (key = relative path), leaving out the
 * keys already copied; returns the keys copied now. An object deleted between being listed
 * and being read is skipped: its row is gone too, or the caller's check will say so.
 */
export async function copyMediaOut(
  storage: MediaStorage,
  folder: string,
  alreadyCopied: ReadonlySet<string>,
): Promise<Set<string>> {
  const keys: string[] = [];
  for await (const key of storage.keys()) if (!alreadyCopied.has(key)) keys.push(key);
  const copied = await mapWithConcurrency(keys, IN_FLIGHT, async (key) => {
    const media = await storage.read(key);
    if (!media) return null;
    const file = path.join(folder, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await pipeline(media.body, createWriteStream(file));
    return key;
  });
  return new Set(copied.filter((key) => key !== null));
}

/** Puts every file of a backup's media folder into the storage, under its relative path. */
export async function copyMediaIn(folder: string, storage: MediaStorage): Promise<number> {
  const keys = await filesUnder(folder);
  await mapWithConcurrency(keys, IN_FLIGHT, async (key) =>
    storage.put(key, await fs.readFile(path.join(folder, key)), contentTypeOfKey(key)),
  );
  return keys.length;
}

/** The media keys of the files under a folder (none when it does not exist). */
export async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fs
    .readdir(folder, { recursive: true, withFileTypes: true })
    .catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .filter(isSafeMediaKey)
    .sort();
}

export async function isStorageEmpty(storage: MediaStorage): Promise<boolean> {
  for await (const _key of storage.keys()) return false;
  return true;
}
