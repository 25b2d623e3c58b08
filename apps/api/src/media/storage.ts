import type { Readable } from 'node:stream';

/**
 * Where uploaded media lives: local disk by default, any S3-compatible store by
 * configuration (ADR 14). Keys are written once and never changed (a new photo gets a new
 * key), which is what lets /media answers be cached for a year and backups copy media
 * after the database dump.
 */
export interface MediaStorage {
  /** Stores a new object; the key is fresh, so nothing is overwritten. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object behind a key, as a stream, or null when there is none. */
  read(key: string): Promise<StoredMedia | null>;
  /** Removes an object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every key stored, in no particular order (for backups). */
  keys(): AsyncIterable<string>;
  /** The public URL path of a stored object. */
  urlOf(key: string): string;
  /** The key behind a URL this storage produced, or null for anything else. */
  keyOf(url: string): string | null;
}

export type StoredMedia = {
  body: Readable;
  contentType: string;
  size: number;
  /** A validator for conditional requests, quoted as HTTP sends it. */
  etag: string;
  lastModified: Date;
};

export const MEDIA_URL_PREFIX = '/media/';

/**
 * Lower-case words and digits in folders, one extension: no `..`, no leading `/`, no
 * backslash, nothing a disk path or a bucket could read as anything but a plain name.
 */
const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

export function isSafeMediaKey(key: string): boolean {
  return SAFE_KEY.test(key);
}

/** Throws for a key no storage may touch: every implementation calls it first. */
export function assertSafeMediaKey(key: string): void {
  if (!isSafeMediaKey(key)) throw new Error(`Unsafe media key: ${JSON.stringify(key)}`);
}

export const mediaUrlOf = (key: string): string => `${MEDIA_URL_PREFIX}${key}`;

export function mediaKeyOf(url: string): string | null {
  if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
  const key = url.slice(MEDIA_URL_PREFIX.length);
  return isSafeMediaKey(key) ? key : null;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** The content type a key's extension names (what the disk store serves its files as). */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** Keys never change content, so a browser or CDN may keep an answer for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
