import { MyOffersGrid } from '../../../features/offers/components/my-offers-grid.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

export default function PropertyBoughtPage() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('offers.boughtTitle')}</h1>
      <MyOffersGrid />
    </div>
  );
}
