import { PUBLIC_LISTINGS_META } from '@basha/domain';

/**
 * Whether visitors may open All Properties and public listings' details (PUBLIC_LISTINGS),
 * as the page the API served says. The API enforces it; this only spares a visitor the trip
 * to login. A page not served by the API (the dev server) keeps the spec's login guard.
 * On the server, pages are pre-rendered only when listings are public (ADR 35).
 */
export function listingsArePublic(): boolean {
  if (typeof document === 'undefined') return true;
  return (
    document.querySelector(`meta[name="${PUBLIC_LISTINGS_META}"]`)?.getAttribute('content') ===
    'true'
  );
}
