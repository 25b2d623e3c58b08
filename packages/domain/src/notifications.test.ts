import { describe, expect, it } from 'vitest';
import { englishMessages, type MessageCode } from './message-codes.ts';
import { NOTIFICATION_KINDS, notificationLink } from './notifications.ts';
import { pagePaths } from './pages.ts';

const listingId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

describe('notifications', () => {
  it('have a text for every kind, under the code notification.<kind>', () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(englishMessages[`notification.${kind}` as MessageCode], kind).toBeTruthy();
    }
  });

  it('link each kind to the page where its subject is seen or acted on', () => {
    const links = Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, notificationLink(kind, { listingId })]),
    );
    expect(links).toEqual({
      offerReceived: pagePaths.dashboard.requestedProperties,
      offerAccepted: pagePaths.dashboard.propertyBought,
      offerRejected: pagePaths.dashboard.propertyBought,
      offerLostToAnother: pagePaths.dashboard.propertyBought,
      offerExpired: pagePaths.dashboard.propertyBought,
      paymentReceived: pagePaths.dashboard.soldProperties,
      paymentRefunded: pagePaths.dashboard.propertyBought,
      listingVerified: pagePaths.propertyDetails(listingId),
      listingRejected: pagePaths.dashboard.addedProperties,
      reviewReceived: pagePaths.propertyDetails(listingId),
      roleChanged: pagePaths.dashboard.profile,
      messageReceived: pagePaths.dashboard.messages,
      revisionApproved: pagePaths.propertyDetails(listingId),
      revisionRejected: pagePaths.dashboard.addedProperties,
      savedSearchMatch: pagePaths.propertyDetails(listingId),
    });
  });

  it('link a message to its conversation when the entry names it', () => {
    expect(
      notificationLink('messageReceived', { listingId, params: { conversationId: 'c-1' } }),
    ).toBe(pagePaths.dashboard.conversation('c-1'));
  });

  it('link a listing event whose listing is gone to the agent’s own listings', () => {
    expect(notificationLink('reviewReceived', { listingId: null })).toBe(
      pagePaths.dashboard.addedProperties,
    );
  });
});
