import { SoldOffersTable } from '../../../features/offers/components/sold-offers-table.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

export default function SoldPropertiesPage() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('offers.soldTitle')}</h1>
      <SoldOffersTable />
    </div>
  );
}
