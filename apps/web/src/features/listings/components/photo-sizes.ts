import type { ListingPhoto } from '@basha/domain';

/** Grid cells are about a third of the page wide on large screens, full width on phones. */
export const CARD_PHOTO_SIZES = '(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw';

/** The details photo spans the content column: at most ~56rem wide on large screens. */
export const DETAILS_PHOTO_SIZES = '(min-width: 1024px) 896px, 100vw';

/**
 * Starts downloading the photo a page is about to show first (its largest paint), as soon
 * as the data naming it arrives rather than once the page has rendered it. Same srcset and
 * sizes as the <img>, so the browser picks the same variant and uses this download.
 */
export function preloadPhoto(photo: ListingPhoto | undefined, sizes: string): void {
  if (!photo) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = photo.url;
  link.imageSrcset = photo.srcset;
  link.imageSizes = sizes;
  link.fetchPriority = 'high';
  document.head.append(link);
}
