import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { ReceivedOffersTable } from '../../../features/offers/components/received-offers-table.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

export default function RequestedPropertiesPage() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{t('offers.requestedTitle')}</PageHeading>
      <ReceivedOffersTable />
    </div>
  );
}
