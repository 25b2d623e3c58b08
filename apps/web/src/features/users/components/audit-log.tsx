import type { AuditEntry } from '@basha/domain';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useAuditLog } from '../api/get-audit-log.ts';

/** Who decided what, to which record, when: every admin decision, newest first. */
export function AuditLog() {
  const { t, date } = useI18n();
  const log = useAuditLog();
  const columns: DataColumn<AuditEntry>[] = [
    {
      header: t('audit.when'),
      cell: (entry) => <time dateTime={entry.createdAt}>{date(entry.createdAt)}</time>,
      className: 'whitespace-nowrap',
    },
    { header: t('audit.who'), cell: (entry) => entry.actor.name },
    { header: t('audit.what'), cell: (entry) => t(`audit.action.${entry.action}`) },
    {
      header: t('audit.target'),
      cell: (entry) => (
        <>
          {t(`audit.target.${entry.target.type}`)}{' '}
          <code className="text-xs">{entry.target.id.slice(0, 8)}</code>
        </>
      ),
      className: 'text-slate-700',
    },
  ];
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-xl font-bold text-slate-900">{t('audit.title')}</h2>
      <p className="text-sm text-slate-700">{t('audit.hint')}</p>
      <QueryState query={log}>
        {({ pages }) => (
          <>
            <DataTable
              caption={t('audit.title')}
              columns={columns}
              rows={pages.flatMap((page) => page.items)}
              rowKey={(entry) => entry.id}
              empty={t('audit.none')}
              minWidth="min-w-[40rem]"
            />
            <LoadMoreButton query={log} />
          </>
        )}
      </QueryState>
    </div>
  );
}
