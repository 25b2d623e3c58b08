import { useEffect, useId, useState } from 'react';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useMe } from '../../auth/api/get-me.ts';
import { useUsers } from '../api/get-users.ts';
import { UserActions } from './user-actions.tsx';

const SEARCH_DELAY_MS = 300;

/** The admin's table of accounts (email, name, role, actions) with a name/email search. */
export function UsersTable() {
  const { t } = useI18n();
  const searchId = useId();
  const me = useMe();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const users = useUsers(q);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex max-w-md flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
          {t('users.search')}
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:outline-2 focus:outline-emerald-700"
        />
      </div>
      <QueryState query={users}>
        {({ pages }) => {
          const rows = pages.flatMap((page) => page.items);
          if (rows.length === 0) return <p className="text-slate-700">{t('users.none')}</p>;
          return (
            <>
              <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
                <table className="w-full min-w-[50rem] text-left text-sm">
                  <caption className="sr-only">{t('dashboard.manageUsers')}</caption>
                  <thead className="bg-slate-100 text-slate-800">
                    <tr>
                      <th scope="col" className="px-4 py-3 font-semibold">
                        {t('users.email')}
                      </th>
                      <th scope="col" className="px-4 py-3 font-semibold">
                        {t('users.name')}
                      </th>
                      <th scope="col" className="px-4 py-3 font-semibold">
                        {t('users.role')}
                      </th>
                      <th scope="col" className="px-4 py-3 font-semibold">
                        {t('users.actions')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200">
                    {rows.map((user) => {
                      const isSelf = user.id === me.data?.id;
                      return (
                        <tr key={user.id} className="align-middle">
                          <td className="whitespace-nowrap px-4 py-3 text-slate-800">
                            {user.email}
                          </td>
                          <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                            {user.name}
                            {isSelf ? (
                              <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                                {t('users.you')}
                              </span>
                            ) : null}
                          </th>
                          <td className="px-4 py-3 text-slate-800">
                            <span className="flex flex-wrap items-center gap-2">
                              {t(`role.${user.role}`)}
                              {user.fraud ? (
                                <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                                  {t('users.fraud')}
                                </span>
                              ) : null}
                            </span>
                          </td>
                          <td className="px-4 py-3">
                            <UserActions user={user} isSelf={isSelf} />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <LoadMoreButton query={users} />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
