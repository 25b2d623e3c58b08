import { APP_STARTED_EVENT } from '@basha/domain';
import { useEffect } from 'react';

/**
 * Tells a pre-rendered page's loader that the app has taken the page over, so that it uses
 * again a link or button clicked before (ADR 35). Rendered beside the page itself, inside
 * its Suspense boundary: React may hydrate the navigation around a boundary before what is
 * in it, and the effect runs once the page's own markup has been hydrated too.
 */
export function AnnounceAppStarted() {
  useEffect(() => {
    document.dispatchEvent(new Event(APP_STARTED_EVENT));
  }, []);
  return null;
}
