import { listingPhoto, type RevisionChange, type RevisionValue } from '@basha/domain';
import type { listing } from '../../db/schema.ts';
import type { ListingEdit } from './listing-edit.ts';

type ListingRow = typeof listing.$inferSelect;

/**
 * What an edit changes on a listing, field by field, old → new. Generic over the edit: every
 * field the form carries is compared with the listing's column of the same name (so fields
 * added to the form appear here without new code), and a new photo is shown as photos.
 */
export function revisionChanges(current: ListingRow, edit: ListingEdit): RevisionChange[] {
  const columns = current as unknown as Record<string, unknown>;
  const changes: RevisionChange[] = [];
  const proposed = edit.fields as Record<string, unknown>;
  for (const field of fieldsInListingOrder(columns, proposed)) {
    const from = asValue(columns[field]);
    const to = asValue(proposed[field]);
    if (!sameValue(from, to)) changes.push({ field, from, to });
  }
  if (edit.photo && edit.photo.photoKey !== current.photoKey) {
    changes.push({
      field: 'photo',
      from: listingPhoto(current.photoKey, current.photoWidth, current.photoHeight),
      to: listingPhoto(edit.photo.photoKey, edit.photo.photoWidth, edit.photo.photoHeight),
    });
  }
  return changes;
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
