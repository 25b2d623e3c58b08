import {
  type ChatMessage,
  type Conversation,
  conversationMessages,
  MESSAGE_MAX_LENGTH,
} from '@basha/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useMarkRead, useReportConversation, useSendMessage } from '../api/conversation-actions.ts';
import { useOlderMessages, useThreadFeed } from '../api/use-thread-feed.ts';
import { participantName } from './participant-name.ts';

/** One thread: its history (polled), a compose box, and "Report conversation". */
export function ConversationThread({ conversationId }: { conversationId: string }) {
  const feed = useThreadFeed(conversationId);
  return (
    <QueryState query={feed}>
      {({ conversation, messages, olderCursor }) => (
        <ThreadView conversation={conversation} messages={messages} olderCursor={olderCursor} />
      )}
    </QueryState>
  );
}

function ThreadView({
  conversation,
  messages,
  olderCursor,
}: {
  conversation: Conversation;
  messages: ChatMessage[];
  olderCursor: string | null;
}) {
  const { t, serverText } = useI18n();
  const markRead = useMarkRead(conversation.id);
  const participant = conversation.viewerSide !== 'admin';
  // A fraud-marked agent reads but may not write (the server refuses their messages).
  const mayWrite = useMe().data?.fraud !== true;
  const other = conversation.viewerSide === 'agent' ? conversation.buyer : conversation.agent;

  // Opening the thread (and each poll that brings news) reads what the other side wrote.
  const { mutate: markAsRead } = markRead;
  useEffect(() => {
    if (participant && conversation.unreadCount > 0) markAsRead();
  }, [participant, conversation.unreadCount, markAsRead]);

  return (
    <section className="flex flex-col gap-4" aria-labelledby="thread-title">
      {/* Back to where the reader came from: their inbox, or an admin's reported list. */}
      <Link
        to={participant ? paths.dashboard.messages : paths.dashboard.reportedConversations}
        className="text-sm font-semibold text-emerald-800 underline"
      >
        {participant ? t('conversations.backToList') : t('dashboard.reportedConversations')}
      </Link>
      <div className="flex flex-col gap-1">
        <PageHeading id="thread-title">
          {t('conversations.about', { title: conversation.listing.title })}
        </PageHeading>
        <p className="text-slate-700">
          {participant
            ? t('conversations.withPerson', { name: participantName(other, t) })
            : t('conversations.between', {
                buyer: participantName(conversation.buyer, t),
                agent: participantName(conversation.agent, t),
              })}
        </p>
      </div>
      {olderCursor ? <OlderMessages conversationId={conversation.id} cursor={olderCursor} /> : null}
      <MessageHistory messages={messages} />
      {conversation.closed ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t('conversations.closed')}
        </p>
      ) : participant && mayWrite ? (
        <ComposeBox conversationId={conversation.id} />
      ) : participant ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {serverText(conversationMessages.fraudSender)}
        </p>
      ) : null}
      {participant ? (
        <ReportForm conversationId={conversation.id} reportedAt={conversation.reportedByViewerAt} />
      ) : null}
    </section>
  );
}

/** "Load more" above the thread: the messages before the newest page, oldest first. */
function OlderMessages({ conversationId, cursor }: { conversationId: string; cursor: string }) {
  const { t } = useI18n();
  const older = useOlderMessages(conversationId, cursor);
  const pages = older.data?.pages ?? [];
  // Pages and their items run newest first; the thread reads oldest first.
  const messages = pages.flatMap((page) => page.items).reverse();
  const more = pages.length === 0 || older.hasNextPage;
  return (
    <>
      {more ? (
        <Button
          variant="secondary"
          className="self-center"
          busy={older.isFetching}
          onClick={() => (pages.length === 0 ? older.refetch() : older.fetchNextPage())}
        >
          {t('common.loadMore')}
        </Button>
      ) : null}
      {messages.length > 0 ? <MessageList messages={messages} /> : null}
    </>
  );
}

function MessageHistory({ messages }: { messages: ChatMessage[] }) {
  const { t } = useI18n();
  if (messages.length === 0) {
    return <p className="text-slate-700">{t('conversations.noMessages')}</p>;
  }
  return <MessageList messages={messages} />;
}

function MessageList({ messages }: { messages: ChatMessage[] }) {
  const { t, dateTime } = useI18n();
  return (
    <ol aria-label={t('conversations.thread')} className="flex flex-col gap-2">
      {messages.map((message) => (
        <li
          key={message.id}
          className={`flex max-w-[85%] flex-col gap-1 rounded-lg px-3 py-2 ${
            message.fromViewer
              ? 'self-end bg-emerald-50 text-slate-900'
              : 'self-start border border-slate-200 bg-white text-slate-900'
          }`}
        >
          <span className="text-xs font-semibold text-slate-700">
            {message.fromViewer ? t('conversations.you') : participantName(message.sender, t)}
            {' · '}
            <time dateTime={message.createdAt}>{dateTime(message.createdAt)}</time>
          </span>
          <p className="whitespace-pre-line break-words">{message.text}</p>
        </li>
      ))}
    </ol>
  );
}

function ComposeBox({ conversationId }: { conversationId: string }) {
  const { t, number } = useI18n();
  const notify = useNotify();
  const fieldId = useId();
  const send = useSendMessage(conversationId);
  const [text, setText] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    send.mutate(text, {
      onSuccess: () => setText(''),
      onError: (error) => notify.error(error),
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
        {t('conversations.compose')}
      </label>
      <textarea
        id={fieldId}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        rows={3}
        aria-describedby={`${fieldId}-length`}
        onChange={(event) => setText(event.target.value)}
        className="w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:outline-2 focus:outline-emerald-700"
      />
      {/* The box stops taking characters at the limit: a longer pasted text was cut silently. */}
      <p
        id={`${fieldId}-length`}
        className={`text-xs ${text.length >= MESSAGE_MAX_LENGTH ? 'font-semibold text-amber-800' : 'text-slate-600'}`}
      >
        {t('conversations.length', {
          used: number(text.length),
          max: number(MESSAGE_MAX_LENGTH),
        })}
      </p>
      <Button
        type="submit"
        className="self-end"
        busy={send.isPending}
        disabled={text.trim() === ''}
      >
        {t('conversations.send')}
      </Button>
    </form>
  );
}

/**
 * "Report conversation", once: a participant who reported it is told when instead (the
 * server takes one report each; the form left open invited a second one it refused).
 */
function ReportForm({
  conversationId,
  reportedAt,
}: {
  conversationId: string;
  reportedAt: string | null;
}) {
  const { t, date } = useI18n();
  const notify = useNotify();
  const fieldId = useId();
  const report = useReportConversation(conversationId);
  const [reason, setReason] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    report.mutate(reason, {
      onSuccess: () => notify.success(t('conversations.reported')),
      onError: (error) => notify.error(error),
    });
  };

  const reportedOn = report.data?.createdAt ?? reportedAt;
  if (reportedOn) {
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700">
        {t('conversations.reportedOn', { date: date(reportedOn) })}
      </p>
    );
  }

  return (
    <details className="rounded-lg border border-slate-200 bg-white p-3">
      <summary className="cursor-pointer text-sm font-semibold text-slate-800">
        {t('conversations.report')}
      </summary>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-2">
        <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
          {t('conversations.reportReason')}
        </label>
        <input
          id={fieldId}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          className="w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:outline-2 focus:outline-emerald-700"
        />
        <Button
          type="submit"
          variant="danger"
          className="self-start"
          busy={report.isPending}
          disabled={reason.trim() === ''}
        >
          {t('conversations.reportSend')}
        </Button>
      </form>
    </details>
  );
}
