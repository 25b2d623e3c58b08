import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { WishlistGrid } from '../../../features/wishlist/components/wishlist-grid.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

export default function WishlistPage() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{t('wishlist.title')}</PageHeading>
      <WishlistGrid />
    </div>
  );
}
