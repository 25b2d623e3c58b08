import type { User } from '@basha/domain';
import { useId, useState } from 'react';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useUsers } from '../api/get-users.ts';
import { UserActions } from './user-actions.tsx';

/** The admin's table of accounts (email, name, role, actions) with a name/email search. */
export function UsersTable() {
  const { t } = useI18n();
  const searchId = useId();
  const me = useMe();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const users = useUsers(q);
  const isSelf = (user: User) => user.id === me.data?.id;
  const columns: DataColumn<User>[] = [
    { header: t('users.email'), cell: (user) => user.email, className: 'whitespace-nowrap' },
    {
      header: t('users.name'),
      rowHeader: true,
      cell: (user) => (
        <>
          {user.name}
          {isSelf(user) ? (
            <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
              {t('users.you')}
            </span>
          ) : null}
        </>
      ),
    },
    {
      header: t('users.role'),
      cell: (user) => (
        <span className="flex flex-wrap items-center gap-2">
          {t(`role.${user.role}`)}
          {user.fraud ? (
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
              {t('users.fraud')}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      header: t('users.actions'),
      cell: (user) => <UserActions user={user} isSelf={isSelf(user)} />,
    },
  ];

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
        {({ pages }) => (
          <>
            <DataTable
              caption={t('dashboard.manageUsers')}
              columns={columns}
              rows={pages.flatMap((page) => page.items)}
              rowKey={(user) => user.id}
              empty={t('users.none')}
              minWidthRem={50}
            />
            <LoadMoreButton query={users} />
          </>
        )}
      </QueryState>
    </div>
  );
}
