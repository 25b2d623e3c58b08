import { listingPhoto, type RevisionChange, type RevisionValue } from '@basha/domain';
import type { listing } from '../../db/schema.ts';
import { listingUpdateColumnsOf } from './listing-changes.repository.ts';
import type { ListingEdit } from './listing-edit.ts';
import type { GalleryPhotoRow } from './listing-gallery.repository.ts';

type ListingRow = typeof listing.$inferSelect;

/**
 * What an edit changes on a listing, field by field, old → new. Generic over the edit: the
 * columns the form's fields write (`listingUpdateColumnsOf`, what the update writes, so a size
 * compares as the stored size) are compared with the listing's columns of the same name, so
 * fields added to the form appear here without new code; a new gallery is shown as photos.
 */
export function revisionChanges(
  current: ListingRow,
  gallery: readonly GalleryPhotoRow[],
  edit: ListingEdit,
): RevisionChange[] {
  const columns = current as unknown as Record<string, unknown>;
  const changes: RevisionChange[] = [];
  const proposed = listingUpdateColumnsOf(edit.fields) as Record<string, unknown>;
  for (const field of fieldsInListingOrder(columns, proposed)) {
    const from = asValue(columns[field]);
    const to = asValue(proposed[field]);
    if (!sameValue(from, to)) changes.push({ field, from, to });
  }
  if (edit.gallery && !sameGallery(gallery, edit.gallery)) {
    changes.push({ field: 'photos', from: photosOf(gallery), to: photosOf(edit.gallery) });
  }
  return changes;
}

function photosOf(gallery: readonly GalleryPhotoRow[]) {
  return gallery.map((photo) => listingPhoto(photo.photoKey, photo.photoWidth, photo.photoHeight));
}

function sameGallery(a: readonly GalleryPhotoRow[], b: readonly GalleryPhotoRow[]): boolean {
  const shown = (photos: readonly GalleryPhotoRow[]) =>
    JSON.stringify(photos.map((photo) => [photo.photoKey, photo.caption ?? null]));
  return shown(a) === shown(b);
}

/**
 * The edit's fields in the order of the listing's columns (title, location, …, price, facts),
 * then any the listing has no column for: a stored edit (jsonb) does not keep its key order.
 */
function fieldsInListingOrder(
  columns: Record<string, unknown>,
  proposed: Record<string, unknown>,
): string[] {
  const known = Object.keys(columns).filter((field) => field in proposed);
  return [...known, ...Object.keys(proposed).filter((field) => !(field in columns))];
}

/** A stored or submitted value as the diff shows it; absent is "nothing". */
function asValue(value: unknown): RevisionValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  return JSON.stringify(value);
}

function sameValue(a: RevisionValue, b: RevisionValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
