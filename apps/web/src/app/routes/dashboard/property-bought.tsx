import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { MyOffersGrid } from '../../../features/offers/components/my-offers-grid.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

export default function PropertyBoughtPage() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{t('offers.boughtTitle')}</PageHeading>
      <MyOffersGrid />
    </div>
  );
}
