import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { ManageListings } from '../../../features/listings/components/manage-listings.tsx';
import { PendingRevisions } from '../../../features/listings/components/pending-revisions.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

export default function ManagePropertiesPage() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{t('manage.title')}</PageHeading>
      <PendingRevisions />
      <ManageListings />
    </div>
  );
}
