import { PUBLIC_LISTINGS_META } from '@basha/domain';

/**
 * Whether visitors may open All Properties and public listings' details (PUBLIC_LISTINGS),
 * as the page the API served says. The API enforces it; this only spares a visitor the trip
 * to login. A page not served by the API (the dev server) keeps the spec's login guard.
 * On the server it answers true: a page is pre-rendered only for a reader the API gave its
 * content to (ADR 35), whom the guard lets through either way.
 */
export function listingsArePublic(): boolean {
  if (typeof document === 'undefined') return true;
  return (
    document.querySelector(`meta[name="${PUBLIC_LISTINGS_META}"]`)?.getAttribute('content') ===
    'true'
  );
}
