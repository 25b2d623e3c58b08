import {
  ChatMessageListQuerySchema,
  ChatMessagePageSchema,
  ChatMessageSchema,
  ConversationIdParamsSchema,
  ConversationListQuerySchema,
  ConversationPageSchema,
  ConversationReportSchema,
  ConversationSchema,
  ReportConversationInputSchema,
  ReportedConversationPageSchema,
  SendMessageInputSchema,
  StartConversationInputSchema,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import type { CachePolicy } from '../../performance/response-cache.ts';
import * as moderation from './conversation-moderation.service.ts';
import * as conversations from './conversations.service.ts';
import { sendMessage } from './send-message.service.ts';

/** Buyers and agents talk; admins only ever reach reported threads (the services filter). */
const participants = { access: ['user', 'agent'] as const };
const participantsOrAdmins = { access: ['user', 'agent', 'admin'] as const };
const adminsOnly = { access: ['admin'] as const };

/**
 * A participant's reads are kept per account until a thread, a report of it, a listing's
 * title or an account (a name, a fraud mark) changes; an admin's are never kept (`caller`),
 * their reading is audited.
 */
const threadReadsCache: CachePolicy = {
  readFrom: ['conversations', 'conversation_reports', 'messages', 'listings', 'users'],
  sharedBy: 'caller',
};

export async function conversationsRoutes(
  app: FastifyInstance,
  { db, messagesPerMinute }: { db: Database; messagesPerMinute: number },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/conversations',
    {
      config: participants,
      schema: {
        tags: ['conversations'],
        summary:
          "Message a listing's agent: opens your thread on it, or returns the one you have (201 new, 200 existing; 403 for a fraud-marked agent)",
        body: StartConversationInputSchema,
        response: { 200: ConversationSchema, 201: ConversationSchema },
      },
    },
    async (request, reply) => {
      const started = await conversations.startConversation(
        db,
        actorOf(request),
        request.body.listingId,
      );
      return reply.status(started.created ? 201 : 200).send(started.conversation);
    },
  );

  r.get(
    '/api/v1/conversations',
    {
      config: { ...participants, cache: threadReadsCache },
      schema: {
        tags: ['conversations'],
        summary:
          'Your conversations as buyer and as agent, most recently active first, with unread counts',
        querystring: ConversationListQuerySchema,
        response: { 200: ConversationPageSchema },
      },
    },
    (request) => conversations.listMyConversations(db, actorOf(request), request.query),
  );

  r.get(
    '/api/v1/conversations/:id',
    {
      config: { ...participantsOrAdmins, cache: threadReadsCache },
      schema: {
        tags: ['conversations'],
        summary: 'One of your conversations (admins: a reported one)',
        params: ConversationIdParamsSchema,
        response: { 200: ConversationSchema },
      },
    },
    (request) => conversations.getConversation(db, actorOf(request), request.params.id),
  );

  r.get(
    '/api/v1/conversations/:id/messages',
    {
      config: { ...participantsOrAdmins, cache: threadReadsCache },
      schema: {
        tags: ['conversations'],
        summary: "A conversation's messages, newest first (admins: a reported one)",
        params: ConversationIdParamsSchema,
        querystring: ChatMessageListQuerySchema,
        response: { 200: ChatMessagePageSchema },
      },
    },
    (request) =>
      conversations.listConversationMessages(
        db,
        actorOf(request),
        request.params.id,
        request.query,
      ),
  );

  r.post(
    '/api/v1/conversations/:id/messages',
    {
      config: participants,
      schema: {
        tags: ['conversations'],
        summary:
          'Send a message (1–2000 characters; MESSAGES_PER_MINUTE per account, 20 by default; 409 once closed; 403 for a fraud-marked agent)',
        params: ConversationIdParamsSchema,
        body: SendMessageInputSchema,
        response: { 201: ChatMessageSchema },
      },
    },
    async (request, reply) => {
      const sent = await sendMessage(db, actorOf(request), request.params.id, request.body.text, {
        perMinute: messagesPerMinute,
      });
      return reply.status(201).send(sent.message);
    },
  );

  r.post(
    '/api/v1/conversations/:id/read',
    {
      config: participants,
      schema: {
        tags: ['conversations'],
        summary: 'Mark a conversation read up to now',
        params: ConversationIdParamsSchema,
        response: { 200: ConversationSchema },
      },
    },
    (request) => conversations.markConversationRead(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/v1/conversations/:id/reports',
    {
      config: participants,
      schema: {
        tags: ['conversations'],
        summary: 'Report a conversation to the admins, with a reason (once per participant)',
        params: ConversationIdParamsSchema,
        body: ReportConversationInputSchema,
        response: { 201: ConversationReportSchema },
      },
    },
    async (request, reply) => {
      const report = await conversations.reportConversation(
        db,
        actorOf(request),
        request.params.id,
        request.body.reason,
      );
      return reply.status(201).send(report);
    },
  );

  r.get(
    '/api/v1/admin/conversations/reported',
    {
      config: adminsOnly,
      schema: {
        tags: ['conversations'],
        summary: 'Reported conversations, most recently reported first (admin)',
        querystring: ConversationListQuerySchema,
        response: { 200: ReportedConversationPageSchema },
      },
    },
    (request) => moderation.listReportedConversations(db, actorOf(request), request.query),
  );

  r.post(
    '/api/v1/admin/conversations/:id/close',
    {
      config: adminsOnly,
      schema: {
        tags: ['conversations'],
        summary: 'Close a reported conversation; recorded in the audit log (admin)',
        params: ConversationIdParamsSchema,
        response: { 200: ConversationSchema },
      },
    },
    (request) => moderation.closeConversation(db, actorOf(request), request.params.id),
  );
}
