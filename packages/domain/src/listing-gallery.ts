import { z } from 'zod/mini';
import {
  LISTING_PHOTO_CAPTION_MAX,
  listingGalleryMessages,
  MAX_LISTING_PHOTOS,
} from './listing-gallery-messages.ts';
import { ListingPhotoSchema } from './listings.ts';
import { blankAsMissing, text } from './text.ts';

export { LISTING_PHOTO_CAPTION_MAX, MAX_LISTING_PHOTOS } from './listing-gallery-messages.ts';

/** Where listing photos are stored: `listing-photos/<uuid>`, variants `…-<width>.webp`. */
const LISTING_PHOTO_KEY =
  /^listing-photos\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * One photo of the list the add/update form sends: the key of a photo uploaded first
 * (`POST /api/v1/listing-photos`) or of one the listing already has, and its caption.
 */
export const ListingGalleryItemInputSchema = z.strictObject({
  key: z
    .string(listingGalleryMessages.unknownPhoto)
    .check(z.regex(LISTING_PHOTO_KEY, listingGalleryMessages.unknownPhoto)),
  caption: z.pipe(
    z.transform(blankAsMissing),
    z.optional(
      text().check(
        z.trim(),
        z.maxLength(LISTING_PHOTO_CAPTION_MAX, listingGalleryMessages.captionTooLong),
      ),
    ),
  ),
});
export type ListingGalleryItemInput = z.infer<typeof ListingGalleryItemInputSchema>;

/** The ordered photos of a listing, 1–12, the first being the cover; each key once. */
export const ListingGalleryInputSchema = z
  .array(ListingGalleryItemInputSchema, listingGalleryMessages.notAList)
  .check(
    z.minLength(1, listingGalleryMessages.tooFew),
    z.maxLength(MAX_LISTING_PHOTOS, listingGalleryMessages.tooMany),
    z.refine((items) => new Set(items.map((item) => item.key)).size === items.length, {
      message: listingGalleryMessages.duplicatePhoto,
    }),
  );
export type ListingGalleryInput = z.infer<typeof ListingGalleryInputSchema>;

/** The form's `photos` field: the list above as JSON text, since multipart fields are text. */
export const ListingGalleryFieldSchema = z.pipe(
  z.pipe(
    z.string(listingGalleryMessages.notAList),
    z.transform((json, context): unknown => {
      try {
        return JSON.parse(json);
      } catch {
        context.issues.push({
          code: 'custom',
          message: listingGalleryMessages.notAList,
          input: json,
        });
        return z.NEVER;
      }
    }),
  ),
  ListingGalleryInputSchema,
);

/** What uploading one photo answers: the key the add/update form sends back, and its image. */
export const ListingPhotoUploadSchema = z.object({ key: z.string(), photo: ListingPhotoSchema });
export type ListingPhotoUpload = z.infer<typeof ListingPhotoUploadSchema>;
