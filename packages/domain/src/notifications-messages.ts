// The texts of in-app notifications, apart from the schemas. A notification is stored as its
// kind and parameters and written in the reader's language when shown: its message code is
// `notification.<kind>` (ADR 0023), translated on the web like any server message.
export const notificationMessages = {
  offerReceived: 'New offer of {amount} TK on "{listingTitle}".',
  offerAccepted: 'Your offer on "{listingTitle}" was accepted. You can pay now.',
  offerRejected: 'Your offer on "{listingTitle}" was rejected.',
  offerLostToAnother:
    'The agent accepted another offer on "{listingTitle}", so your offer was closed.',
  offerExpired: 'Your offer on "{listingTitle}" expired: its deadline passed.',
  paymentReceived: 'Payment of {amount} TK received for "{listingTitle}".',
  paymentRefunded: 'Your payment of {amount} TK for "{listingTitle}" was refunded.',
  listingVerified: '"{listingTitle}" was verified and is now listed.',
  listingRejected: '"{listingTitle}" was rejected by an admin.',
  reviewReceived: 'New {rating}-star review on "{listingTitle}".',
  roleChanged: 'Your account is now: {role}.',
  messageReceived: 'New message from {senderName} about "{listingTitle}".',
  revisionApproved: 'Your changes to "{listingTitle}" were approved and are now live.',
  revisionRejected: 'Your changes to "{listingTitle}" were rejected: {reason}',
  savedSearchMatch: 'New match for your saved search "{searchName}": "{listingTitle}".',
  notFound: 'This notification does not exist.',
  unknownEventId: 'Last-Event-ID must be the id of an event this stream sent.',
} as const;
