import { z } from 'zod/mini';
import type { notificationMessages } from './notifications-messages.ts';
import { pagePaths } from './pages.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { idMessages } from './request-messages.ts';
import type { Role } from './users.ts';

/**
 * What a notification tells about. Each kind is also a message code (`notification.<kind>`)
 * whose text fills in the notification's params, so the reader's language decides the words.
 */
export const NOTIFICATION_KINDS = [
  'offerReceived',
  'offerAccepted',
  'offerRejected',
  'offerLostToAnother',
  'offerExpired',
  'paymentReceived',
  'paymentRefunded',
  'listingVerified',
  'listingRejected',
  'reviewReceived',
  'roleChanged',
  'messageReceived',
  'revisionApproved',
  'revisionRejected',
  'savedSearchMatch',
] as const satisfies readonly (keyof typeof notificationMessages)[];
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/**
 * Who is told of each kind: a buyer (user) of their offers and payments, an agent of what
 * happens to their listings, anyone of a role change or a saved search's match. The email
 * settings show an account the kinds it can receive (a buyer no "an offer arrives on my
 * property"); a promoted account sees its new kinds.
 */
export const NOTIFICATION_RECIPIENTS: Record<NotificationKind, readonly Role[]> = {
  offerReceived: ['agent'],
  offerAccepted: ['user'],
  offerRejected: ['user'],
  offerLostToAnother: ['user'],
  offerExpired: ['user'],
  paymentReceived: ['agent'],
  paymentRefunded: ['user'],
  listingVerified: ['agent'],
  listingRejected: ['agent'],
  reviewReceived: ['agent'],
  roleChanged: ['user', 'agent', 'admin'],
  messageReceived: ['user', 'agent'],
  revisionApproved: ['agent'],
  revisionRejected: ['agent'],
  savedSearchMatch: ['user', 'agent', 'admin'],
};

export const NotificationSchema = z.object({
  id: z.string(),
  /** Monotonic across all notifications: the live stream's event id (`Last-Event-ID`). */
  sequence: z.int(),
  kind: NotificationKindSchema,
  /** The subjects the entry links to; null when the kind has none (a role change). */
  listingId: z.nullable(z.string()),
  offerId: z.nullable(z.string()),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The web page the entry links to: where its subject is seen or acted on. */
  link: z.string(),
  readAt: z.nullable(z.iso.datetime()),
  createdAt: z.iso.datetime(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListQuerySchema = PageQuerySchema;
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const NotificationPageSchema = pageOf(NotificationSchema);
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const UnreadNotificationsSchema = z.object({ unread: z.int() });
export type UnreadNotifications = z.infer<typeof UnreadNotificationsSchema>;

export const NotificationIdParamsSchema = z.object({ id: z.uuid(idMessages.unknownNotification) });

export const MarkedReadSchema = z.object({ marked: z.int() });
export type MarkedRead = z.infer<typeof MarkedReadSchema>;

/** The live stream's event names: a new notification, or a word that the stream ends. */
export const LIVE_EVENT = { notification: 'notification' } as const;

/** The page a notification links to, from the page table: where its subject is seen or acted on. */
export function notificationLink(
  kind: NotificationKind,
  subject: { listingId: string | null; params?: Record<string, string | number> },
): string {
  switch (kind) {
    case 'offerReceived':
      return pagePaths.dashboard.requestedProperties;
    case 'offerAccepted':
    case 'offerRejected':
    case 'offerLostToAnother':
    case 'offerExpired':
      return pagePaths.dashboard.propertyBought;
    case 'paymentReceived':
      return pagePaths.dashboard.soldProperties;
    case 'paymentRefunded':
      return pagePaths.dashboard.propertyBought;
    case 'listingVerified':
    case 'reviewReceived':
    case 'savedSearchMatch':
      return subject.listingId
        ? pagePaths.propertyDetails(subject.listingId)
        : pagePaths.dashboard.addedProperties;
    case 'listingRejected':
    case 'revisionRejected':
      return pagePaths.dashboard.addedProperties;
    case 'revisionApproved':
      return subject.listingId
        ? pagePaths.propertyDetails(subject.listingId)
        : pagePaths.dashboard.addedProperties;
    case 'roleChanged':
      return pagePaths.dashboard.profile;
    case 'messageReceived': {
      const conversationId = subject.params?.conversationId;
      return typeof conversationId === 'string'
        ? pagePaths.dashboard.conversation(conversationId)
        : pagePaths.dashboard.messages;
    }
  }
}
