import { ListingGalleryFieldSchema, listingGalleryMessages, listingMessages } from '@basha/domain';
import { z } from 'zod/mini';
import { AppError } from '../../http/app-error.ts';
import type { MultipartForm } from '../../http/multipart-form.ts';
import { parseOrThrow } from '../../http/validation.ts';
import type { ListingPhotosChange } from './listing-gallery.ts';

/** The form's `photos` list, parsed under its own name so errors read `photos.2.caption`. */
const GalleryFieldSchema = z.object({ photos: ListingGalleryFieldSchema });

/** The form's text fields for ListingFieldsSchema: all but the `photos` list. */
export function listingFieldsOfForm(form: MultipartForm): Record<string, string> {
  const { photos: _list, ...fields } = form.fields;
  return fields;
}

/**
 * The form's photo change: the `photo` file or the `photos` list (JSON), never both.
 * Without either, an add is refused and an update keeps the photos it has (null).
 */
export function listingPhotosOfForm(
  form: MultipartForm,
  { required }: { required: boolean },
): ListingPhotosChange | null {
  const list = form.fields.photos;
  if (list !== undefined && form.file) {
    throw AppError.validation([{ path: 'photos', message: listingGalleryMessages.fileAndList }]);
  }
  if (list !== undefined) {
    const parsed = parseOrThrow(GalleryFieldSchema, { photos: list });
    return { kind: 'list', photos: parsed.photos };
  }
  if (form.file) return { kind: 'file', bytes: form.file };
  if (required) {
    throw AppError.validation([{ path: 'photo', message: listingMessages.photoRequired }]);
  }
  return null;
}
