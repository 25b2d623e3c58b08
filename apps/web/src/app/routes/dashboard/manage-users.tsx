import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { AuditLog } from '../../../features/users/components/audit-log.tsx';
import { UsersTable } from '../../../features/users/components/users-table.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

export default function ManageUsersPage() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-10">
      <div className="flex flex-col gap-6">
        <PageHeading className="text-3xl font-bold text-slate-900">
          {t('dashboard.manageUsers')}
        </PageHeading>
        <UsersTable />
      </div>
      <AuditLog />
    </div>
  );
}
