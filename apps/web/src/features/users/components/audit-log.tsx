import { type AuditEntry, RoleSchema } from '@basha/domain';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useAuditLog } from '../api/get-audit-log.ts';

/** Who decided what, to which record, when: every admin decision, newest first. */
export function AuditLog() {
  const { t, dateTime } = useI18n();
  const log = useAuditLog();
  const columns: DataColumn<AuditEntry>[] = [
    {
      header: t('audit.when'),
      cell: (entry) => <time dateTime={entry.createdAt}>{dateTime(entry.createdAt)}</time>,
      className: 'whitespace-nowrap',
    },
    { header: t('audit.who'), cell: (entry) => entry.actor.name },
    { header: t('audit.what'), cell: (entry) => t(`audit.action.${entry.action}`) },
    {
      header: t('audit.target'),
      cell: (entry) => (
        <div className="flex flex-col gap-0.5">
          <AuditTargetName entry={entry} />
          <AuditDetails entry={entry} />
        </div>
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
              minWidthRem={40}
            />
            <LoadMoreButton query={log} />
          </>
        )}
      </QueryState>
    </div>
  );
}

/** Types whose entries are named by the listing they are about. */
const NAMED_BY_LISTING = new Set(['review', 'offer', 'conversation']);

/**
 * The record with its name: "User: Karim", "Property: Lake view flat", 'Review on "Lake view
 * flat"' (each language in its own order). A record nothing names any more (a deleted user)
 * says so, with the start of its id to search the logs by.
 */
function AuditTargetName({ entry }: { entry: AuditEntry }) {
  const { t } = useI18n();
  const { label, type, id } = entry.target;
  const typeName = t(`audit.target.${type}`);
  if (label === null) {
    return (
      <span className="text-slate-600">
        {t('audit.gone', { type: typeName })} <code className="text-xs">{id.slice(0, 8)}</code>
      </span>
    );
  }
  return (
    <span className="text-slate-900">
      {NAMED_BY_LISTING.has(type)
        ? t('audit.onListing', { type: typeName, title: label })
        : t('audit.named', { type: typeName, name: label })}
    </span>
  );
}

/** What the decision said beyond its action: a rejection's reason, a promotion's roles. */
function AuditDetails({ entry }: { entry: AuditEntry }) {
  const { t } = useI18n();
  const { reason } = entry.details;
  const from = RoleSchema.safeParse(entry.details.from).data;
  const to = RoleSchema.safeParse(entry.details.to).data;
  if (typeof reason === 'string') {
    return <span className="text-sm">{t('audit.reason', { reason })}</span>;
  }
  if (entry.action === 'user.promoted' && from && to) {
    return (
      <span className="text-sm">
        {t('audit.roleChange', { from: t(`role.${from}`), to: t(`role.${to}`) })}
      </span>
    );
  }
  return null;
}
