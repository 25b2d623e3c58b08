import { useCallback, useState } from 'react';

/**
 * A grid shows its first card's photo (the page's largest paint) before the others: on a
 * slow phone network every photo requested at once shares the bandwidth, and the first one
 * arrives later. The first card calls `firstPhotoShown` when its photo has loaded (or
 * failed); the other cards' photos start once that frame has been painted.
 */
export function useFirstPhotoFirst(): { othersMayLoad: boolean; firstPhotoShown: () => void } {
  const [othersMayLoad, setOthersMayLoad] = useState(false);
  const firstPhotoShown = useCallback(() => {
    // requestAnimationFrame runs just before the next paint, a timeout set there just after.
    requestAnimationFrame(() => setTimeout(() => setOthersMayLoad(true), 0));
  }, []);
  return { othersMayLoad, firstPhotoShown };
}
