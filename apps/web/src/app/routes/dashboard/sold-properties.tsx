import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { SalesTable } from '../../../features/payments/components/sales-table.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

/** /dashboard/sold-properties — the agent's sales and their total. */
export default function SoldPropertiesPage() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{t('payments.soldTitle')}</PageHeading>
      <SalesTable />
    </div>
  );
}
