import type { Conversation } from '@basha/domain';
import { Link } from 'react-router';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { paths } from '../../../lib/paths.ts';
import { useConversations } from '../api/get-conversations.ts';
import { participantName } from './participant-name.ts';

/** An agent's inbox or a user's "My messages": every thread with its unread count. */
export function ConversationList({ title }: { title: string }) {
  const { t } = useI18n();
  const conversations = useConversations();
  return (
    <section className="flex flex-col gap-4" aria-labelledby="conversations-title">
      <PageHeading id="conversations-title">{title}</PageHeading>
      <QueryState query={conversations}>
        {(data) => {
          const items = data.pages.flatMap((page) => page.items);
          if (items.length === 0)
            return <p className="text-slate-700">{t('conversations.empty')}</p>;
          return (
            <>
              <ul className="flex flex-col gap-2">
                {items.map((conversation) => (
                  <ConversationRow key={conversation.id} conversation={conversation} />
                ))}
              </ul>
              <LoadMoreButton query={conversations} />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

function ConversationRow({ conversation }: { conversation: Conversation }) {
  const { t, dateTime, number } = useI18n();
  const other = conversation.viewerSide === 'agent' ? conversation.buyer : conversation.agent;
  const last = conversation.lastMessage;
  return (
    <li>
      <Link
        to={paths.dashboard.conversation(conversation.id)}
        className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-700"
      >
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-semibold text-slate-900">
            {t('conversations.about', { title: conversation.listing.title })}
          </span>
          {conversation.unreadCount > 0 ? (
            <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white">
              {t('conversations.unread', { count: number(conversation.unreadCount) })}
            </span>
          ) : null}
        </span>
        <span className="text-sm text-slate-700">
          {t('conversations.withPerson', { name: participantName(other, t) })}
          {' · '}
          <time dateTime={conversation.lastActivityAt}>
            {dateTime(conversation.lastActivityAt)}
          </time>
          {conversation.closed ? ` · ${t('conversations.closedBadge')}` : ''}
        </span>
        {last ? (
          <span className="truncate text-sm text-slate-800">
            {last.fromViewer ? t('conversations.lastFromYou', { text: last.text }) : last.text}
          </span>
        ) : null}
      </Link>
    </li>
  );
}
