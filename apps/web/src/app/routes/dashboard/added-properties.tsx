import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { MyListings } from '../../../features/listings/components/my-listings.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

export default function AddedPropertiesPage() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{t('mine.title')}</PageHeading>
      <MyListings />
    </div>
  );
}
