import type { WishlistItem } from '@basha/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useDialogs } from '../../../components/ui/confirm-dialog.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import {
  type CardPhotoLoading,
  useFirstPhotoFirst,
} from '../../listings/components/first-photo-first.ts';
import { ListingCard } from '../../listings/components/listing-card.tsx';
import { useWishlist } from '../api/get-wishlist.ts';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist.ts';

/** The user's wishlist as property cards with 'Delete' and 'Make An Offer'. */
export function WishlistGrid() {
  const { t } = useI18n();
  const wishlist = useWishlist();
  const photoLoadingAt = useFirstPhotoFirst();
  return (
    <QueryState query={wishlist}>
      {(data) => {
        const items = data.pages.flatMap((page) => page.items);
        if (items.length === 0) {
          return (
            <div className="flex flex-col items-center gap-3 rounded-lg bg-white p-10 text-center shadow-sm">
              <p className="text-lg font-semibold text-slate-800">{t('wishlist.empty')}</p>
              <Link to={paths.allProperties} className="font-semibold text-emerald-800 underline">
                {t('wishlist.browse')}
              </Link>
            </div>
          );
        }
        return (
          <div className="flex flex-col gap-6">
            <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
              {items.map((item, index) => (
                <li key={item.id} className="flex flex-col [&>article]:flex-1">
                  <WishlistCard item={item} {...photoLoadingAt(index)} />
                </li>
              ))}
            </ul>
            <LoadMoreButton query={wishlist} />
          </div>
        );
      }}
    </QueryState>
  );
}

function WishlistCard({
  item,
  ...photo
}: {
  item: WishlistItem;
} & CardPhotoLoading) {
  const { t } = useI18n();
  const notify = useNotify();
  const dialogs = useDialogs();
  const remove = useRemoveFromWishlist();
  const { title } = item.listing;

  const confirmAndRemove = async () => {
    const confirmed = await dialogs.confirm({
      title: t('wishlist.confirmTitle'),
      text: t('wishlist.confirmText'),
      confirmLabel: t('wishlist.confirmButton'),
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      const removed = await remove.mutateAsync(item.id);
      await dialogs.inform({
        title: t('wishlist.deletedTitle'),
        text: t('wishlist.deletedText', { title: removed.listing.title }),
      });
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <ListingCard
      headingLevel={2}
      {...photo}
      listing={item.listing}
      actions={
        <>
          <Button
            variant="danger"
            busy={remove.isPending}
            aria-label={t('wishlist.deleteNamed', { title })}
            onClick={confirmAndRemove}
          >
            {t('wishlist.delete')}
          </Button>
          <Link
            to={paths.dashboard.makeOffer(item.id)}
            aria-label={t('wishlist.makeOfferNamed', { title })}
            className="inline-flex min-h-10 items-center justify-center rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
          >
            {t('wishlist.makeOffer')}
          </Link>
        </>
      }
    />
  );
}
