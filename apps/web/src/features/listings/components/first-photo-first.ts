import { useCallback, useState } from 'react';

/** How a grid's card at some position loads its photo (spread onto ListingCard). */
export type CardPhotoLoading = {
  priority: boolean;
  photoDeferred: boolean;
  onPhotoSettled: (() => void) | undefined;
};

/**
 * A grid shows its first card's photo (the page's largest paint) before the others: on a
 * slow phone network every photo requested at once shares the bandwidth, and the first one
 * arrives later. The first card's photo loads eagerly and says when it has loaded (or
 * failed); the other cards' photos start once that frame has been painted.
 */
export function useFirstPhotoFirst(): (index: number) => CardPhotoLoading {
  const [othersMayLoad, setOthersMayLoad] = useState(false);
  const firstPhotoShown = useCallback(() => {
    // requestAnimationFrame runs just before the next paint, a timeout set there just after.
    requestAnimationFrame(() => setTimeout(() => setOthersMayLoad(true), 0));
  }, []);
  return (index) => ({
    priority: index === 0,
    photoDeferred: index > 0 && !othersMayLoad,
    onPhotoSettled: index === 0 ? firstPhotoShown : undefined,
  });
}
