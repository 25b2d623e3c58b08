import { useId } from 'react';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useAuditLog } from '../api/get-audit-log.ts';

/** Who decided what, to which record, when: every admin decision, newest first. */
export function AuditLog() {
  const { t, date } = useI18n();
  const headingId = useId();
  const log = useAuditLog();
  return (
    <div className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {t('audit.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('audit.hint')}</p>
      <QueryState query={log}>
        {({ pages }) => {
          const entries = pages.flatMap((page) => page.items);
          if (entries.length === 0) return <p className="text-slate-700">{t('audit.none')}</p>;
          return (
            <>
              <section
                aria-labelledby={headingId}
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
                tabIndex={0}
                className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-emerald-700"
              >
                <table className="w-full min-w-[40rem] text-left text-sm">
                  <caption className="sr-only">{t('audit.title')}</caption>
                  <thead className="bg-slate-100 text-slate-800">
                    <tr>
                      <th scope="col" className="px-4 py-3 font-semibold">
                        {t('audit.when')}
                      </th>
                      <th scope="col" className="px-4 py-3 font-semibold">
                        {t('audit.who')}
                      </th>
                      <th scope="col" className="px-4 py-3 font-semibold">
                        {t('audit.what')}
                      </th>
                      <th scope="col" className="px-4 py-3 font-semibold">
                        {t('audit.target')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200">
                    {entries.map((entry) => (
                      <tr key={entry.id}>
                        <td className="whitespace-nowrap px-4 py-3 text-slate-800">
                          <time dateTime={entry.createdAt}>{date(entry.createdAt)}</time>
                        </td>
                        <td className="px-4 py-3 text-slate-800">{entry.actor.name}</td>
                        <td className="px-4 py-3 text-slate-800">
                          {t(`audit.action.${entry.action}`)}
                        </td>
                        <td className="px-4 py-3 text-slate-700">
                          {t(`audit.target.${entry.target.type}`)}{' '}
                          <code className="text-xs">{entry.target.id.slice(0, 8)}</code>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
              <LoadMoreButton query={log} />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
