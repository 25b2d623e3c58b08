import { z } from 'zod/mini';
import { conversationMessages } from './conversations-messages.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { idMessages } from './request-messages.ts';
import { text } from './text.ts';

export const MESSAGE_MAX_LENGTH = 2000;
export const REPORT_REASON_MAX_LENGTH = 500;
/** Messages one account may send per minute, across all its conversations. */
export const MESSAGES_PER_MINUTE = 20;

export const StartConversationInputSchema = z.strictObject({
  listingId: z.uuid(idMessages.unknownListing),
});
export type StartConversationInput = z.infer<typeof StartConversationInputSchema>;

export const ConversationIdParamsSchema = z.object({
  id: z.uuid(conversationMessages.unknownConversation),
});

export const MessageTextSchema = text({ error: conversationMessages.textRequired }).check(
  z.trim(),
  z.minLength(1, conversationMessages.textRequired),
  z.maxLength(MESSAGE_MAX_LENGTH, conversationMessages.textTooLong),
);

export const SendMessageInputSchema = z.strictObject({ text: MessageTextSchema });
export type SendMessageInput = z.infer<typeof SendMessageInputSchema>;

export const ReportConversationInputSchema = z.strictObject({
  reason: text({ error: conversationMessages.reasonRequired }).check(
    z.trim(),
    z.minLength(1, conversationMessages.reasonRequired),
    z.maxLength(REPORT_REASON_MAX_LENGTH, conversationMessages.reasonTooLong),
  ),
});
export type ReportConversationInput = z.infer<typeof ReportConversationInputSchema>;

/** A participant; `id` and `name` are null once the account was deleted ("deleted user"). */
export const ParticipantSchema = z.object({
  id: z.nullable(z.string()),
  name: z.nullable(z.string()),
});
export type Participant = z.infer<typeof ParticipantSchema>;

export const ConversationSchema = z.object({
  id: z.string(),
  listing: z.object({ id: z.string(), title: z.string() }),
  buyer: ParticipantSchema,
  agent: ParticipantSchema,
  /** The caller's side of the thread; admins reading a reported one see it as `admin`. */
  viewerSide: z.enum(['buyer', 'agent', 'admin']),
  lastMessage: z.nullable(
    z.object({ text: z.string(), fromViewer: z.boolean(), createdAt: z.iso.datetime() }),
  ),
  /** Messages from the other side the caller has not read yet. */
  unreadCount: z.int(),
  /** Closed by an admin, or because its agent was marked fraud or a side was deleted. */
  closed: z.boolean(),
  /** When the caller reported it (one report each); null if they have not. */
  reportedByViewerAt: z.nullable(z.iso.datetime()),
  lastActivityAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationListQuerySchema = PageQuerySchema;
export type ConversationListQuery = z.infer<typeof ConversationListQuerySchema>;

export const ConversationPageSchema = pageOf(ConversationSchema);
export type ConversationPage = z.infer<typeof ConversationPageSchema>;

export const ChatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  sender: ParticipantSchema,
  fromViewer: z.boolean(),
  text: z.string(),
  createdAt: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatMessageListQuerySchema = PageQuerySchema;
export type ChatMessageListQuery = z.infer<typeof ChatMessageListQuerySchema>;

/** Newest first; the thread shows them reversed. */
export const ChatMessagePageSchema = pageOf(ChatMessageSchema);
export type ChatMessagePage = z.infer<typeof ChatMessagePageSchema>;

export const ConversationReportSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  reason: z.string(),
  createdAt: z.iso.datetime(),
});
export type ConversationReport = z.infer<typeof ConversationReportSchema>;

/** A reported conversation in the admins' moderation list. */
export const ReportedConversationSchema = z.object({
  conversation: ConversationSchema,
  reportCount: z.int(),
  latestReason: z.string(),
  lastReportedAt: z.iso.datetime(),
});
export type ReportedConversation = z.infer<typeof ReportedConversationSchema>;

export const ReportedConversationPageSchema = pageOf(ReportedConversationSchema);
export type ReportedConversationPage = z.infer<typeof ReportedConversationPageSchema>;
