import { APP_STARTED_EVENT } from '@basha/domain';
import { useEffect } from 'react';

let announced = false;

/**
 * Tells a pre-rendered page's loader that the app has taken the page over, so that it enters
 * again what was typed and uses again a link or button clicked before (ADR 35). Rendered
 * beside each page itself: React may hydrate the layouts around a page's Suspense boundary
 * before the page, and this effect runs once the page's own markup has been hydrated too.
 * Said once: later pages are the app's own.
 */
export function AnnounceAppStarted() {
  useEffect(() => {
    if (announced) return;
    announced = true;
    document.dispatchEvent(new Event(APP_STARTED_EVENT));
  }, []);
  return null;
}
