import type { Notification } from '@basha/domain';
import { paths } from '../../lib/paths.ts';

/** The page an entry links to: where its subject is seen or acted on. */
export function notificationTarget(notification: Notification): string {
  const { kind, listingId } = notification;
  switch (kind) {
    case 'offerReceived':
      return paths.dashboard.requestedProperties;
    case 'offerAccepted':
    case 'offerRejected':
    case 'offerExpired':
      return paths.dashboard.propertyBought;
    case 'paymentReceived':
      return paths.dashboard.soldProperties;
    case 'listingVerified':
    case 'reviewReceived':
      return listingId ? paths.propertyDetails(listingId) : paths.dashboard.addedProperties;
    case 'listingRejected':
      return paths.dashboard.addedProperties;
    case 'roleChanged':
      return paths.dashboard.profile;
  }
}
