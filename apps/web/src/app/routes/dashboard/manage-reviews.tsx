import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { ManageReviewsTable } from '../../../features/reviews/components/manage-reviews-table.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

export default function ManageReviewsPage() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <PageHeading className="text-3xl font-bold text-slate-900">
          {t('dashboard.manageReviews')}
        </PageHeading>
        <p className="text-slate-700">{t('reviews.featureHint')}</p>
      </div>
      <ManageReviewsTable />
    </div>
  );
}
