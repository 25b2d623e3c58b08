import type { ListingPhoto } from '@basha/domain';

/**
 * Starts downloading the photo a page is about to show first (its largest paint), as soon
 * as the data naming it arrives rather than once the page has rendered it. Same srcset and
 * sizes as the <img>, so the browser picks the same variant and uses this download.
 */
export function preloadPhoto(photo: ListingPhoto | undefined, sizes: string): void {
  // On the server (pre-rendering, ADR 35) the page's head already names it.
  if (!photo || typeof document === 'undefined') return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = photo.url;
  link.imageSrcset = photo.srcset;
  link.imageSizes = sizes;
  link.fetchPriority = 'high';
  document.head.append(link);
}
