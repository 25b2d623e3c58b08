import type { ReportedConversation } from '@basha/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useDialogs } from '../../../components/ui/confirm-dialog.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useCloseConversation, useReportedConversations } from '../api/moderation.ts';
import { participantName } from './participant-name.ts';

/** Admins' moderation list: reported threads only, with "Read messages" and "Close". */
export function ReportedConversations() {
  const { t } = useI18n();
  const reported = useReportedConversations();
  return (
    <section className="flex flex-col gap-4" aria-labelledby="reported-title">
      <PageHeading id="reported-title">{t('dashboard.reportedConversations')}</PageHeading>
      <QueryState query={reported}>
        {(data) => {
          const items = data.pages.flatMap((page) => page.items);
          if (items.length === 0) {
            return <p className="text-slate-700">{t('conversations.noReported')}</p>;
          }
          return (
            <>
              <ul className="flex flex-col gap-2">
                {items.map((item) => (
                  <ReportedRow key={item.conversation.id} item={item} />
                ))}
              </ul>
              <LoadMoreButton query={reported} />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

function ReportedRow({ item }: { item: ReportedConversation }) {
  const { t, number, date } = useI18n();
  const notify = useNotify();
  const dialogs = useDialogs();
  const close = useCloseConversation();
  const { conversation } = item;

  const closeConversation = async () => {
    const confirmed = await dialogs.confirm({
      title: t('conversations.closeConfirmTitle'),
      text: t('conversations.closeConfirmText'),
      confirmLabel: t('conversations.close'),
      tone: 'danger',
    });
    if (!confirmed) return;
    close.mutate(conversation.id, {
      onSuccess: () => notify.success(t('conversations.closedDone')),
      onError: (error) => notify.error(error),
    });
  };

  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <p className="font-semibold text-slate-900">
        {t('conversations.about', { title: conversation.listing.title })}
      </p>
      <p className="text-sm text-slate-700">
        {t('conversations.between', {
          buyer: participantName(conversation.buyer, t),
          agent: participantName(conversation.agent, t),
        })}
        {' · '}
        {date(item.lastReportedAt)}
      </p>
      <p className="text-sm text-slate-800">
        {t('conversations.reportCount', { count: number(item.reportCount) })}
        {' · '}
        {t('conversations.latestReason', { reason: item.latestReason })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link
          to={paths.dashboard.conversation(conversation.id)}
          className="inline-flex min-h-10 items-center rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50"
        >
          {t('conversations.readThread')}
        </Link>
        {conversation.closed ? (
          <span className="self-center text-sm font-semibold text-slate-700">
            {t('conversations.closedBadge')}
          </span>
        ) : (
          <Button variant="danger" busy={close.isPending} onClick={closeConversation}>
            {t('conversations.close')}
          </Button>
        )}
      </div>
    </li>
  );
}
