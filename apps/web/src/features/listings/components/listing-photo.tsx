import { LISTING_PHOTO_SIZES, type ListingCard } from '@basha/domain';
import type { ComponentProps } from 'react';

type ImgProps = Omit<
  ComponentProps<'img'>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'alt'
>;

/**
 * A listing's photo: the variants the API made (`srcset`), chosen for where it is shown. The
 * API's first-page hints preload the same `srcset` with the same `LISTING_PHOTO_SIZES`, so a
 * browser fetches one variant for both.
 */
export function ListingPhoto({
  listing,
  shownAs,
  ...img
}: {
  listing: Pick<ListingCard, 'title' | 'photo'>;
  shownAs: keyof typeof LISTING_PHOTO_SIZES;
} & ImgProps) {
  return (
    <img
      src={listing.photo.url}
      srcSet={listing.photo.srcset}
      sizes={LISTING_PHOTO_SIZES[shownAs]}
      width={listing.photo.width}
      height={listing.photo.height}
      alt={listing.title}
      decoding="async"
      {...img}
    />
  );
}
