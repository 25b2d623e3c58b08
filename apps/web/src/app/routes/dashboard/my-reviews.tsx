import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { MyReviewsList } from '../../../features/reviews/components/my-reviews-list.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

export default function MyReviewsPage() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-6">
      <PageHeading className="text-3xl font-bold text-slate-900">
        {t('dashboard.myReviews')}
      </PageHeading>
      <MyReviewsList />
    </div>
  );
}
