import { z } from 'zod';

export const LISTING_STATUSES = ['pending', 'verified', 'rejected'] as const;
export const ListingStatusSchema = z.enum(LISTING_STATUSES);
export type ListingStatus = z.infer<typeof ListingStatusSchema>;

/** Widths of the WebP variants stored for every listing photo. */
export const LISTING_PHOTO_WIDTHS = [400, 800, 1200] as const;

export const ListingPhotoSchema = z.object({
  /** The default (largest) variant. */
  url: z.string(),
  /** `url 400w, url 800w, …` for responsive images. */
  srcset: z.string(),
  /** Intrinsic size of the largest variant, so pages reserve the space (no layout shift). */
  width: z.number().int(),
  height: z.number().int(),
});
export type ListingPhoto = z.infer<typeof ListingPhotoSchema>;

/** The listing's agent, joined from their account (never copied onto the listing). */
export const ListingAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  photoUrl: z.string().nullable(),
});

export const PriceRangeSchema = z.object({ min: z.number().int(), max: z.number().int() });

/** What a property card shows; embedded in wishlist items, offers and reviews too. */
export const ListingCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  location: z.string(),
  price: PriceRangeSchema,
  status: ListingStatusSchema,
  sold: z.boolean(),
  photo: ListingPhotoSchema,
  agent: ListingAgentSchema,
  createdAt: z.iso.datetime(),
});
export type ListingCard = z.infer<typeof ListingCardSchema>;

export const ListingIdParamsSchema = z.object({ id: z.uuid('Unknown listing id.') });

/** Builds the photo description from the stored key prefix and the largest variant's size. */
export function listingPhoto(
  photoKey: string,
  width: number,
  height: number,
  mediaPrefix = '/media/',
): ListingPhoto {
  const urlOf = (w: number) => `${mediaPrefix}${photoKey}-${w}.webp`;
  const largest = LISTING_PHOTO_WIDTHS[LISTING_PHOTO_WIDTHS.length - 1] as number;
  return {
    url: urlOf(largest),
    srcset: LISTING_PHOTO_WIDTHS.map((w) => `${urlOf(w)} ${w}w`).join(', '),
    width,
    height,
  };
}
