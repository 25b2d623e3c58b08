import type { ManagedListing } from '@basha/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useDialogs } from '../../../components/ui/confirm-dialog.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useDeleteListing } from '../api/delete-listing.ts';
import { useMyListings } from '../api/get-my-listings.ts';
import { linkButtonClass } from './link-button.ts';
import { ListingCard } from './listing-card.tsx';
import { CompleteFactsPrompt } from './listing-facts-view.tsx';
import { RevisionNotice } from './revision-notice.tsx';

/** The agent's own properties in every status, with Update Property and Delete. */
export function MyListings() {
  const { t } = useI18n();
  const mine = useMyListings();
  return (
    <QueryState query={mine}>
      {({ pages }) => {
        const listings = pages.flatMap((page) => page.items);
        if (listings.length === 0)
          return (
            <div className="flex flex-col items-center gap-4 rounded-lg bg-white p-10 text-center shadow-sm">
              <p className="text-xl font-semibold text-slate-800">{t('mine.empty')}</p>
              <Link to={paths.dashboard.addProperty} className={linkButtonClass.primary}>
                {t('mine.addOne')}
              </Link>
            </div>
          );
        return (
          <div className="flex flex-col gap-6">
            <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
              {listings.map((listing) => (
                <li key={listing.id} className="flex">
                  <MyListingCard listing={listing} />
                </li>
              ))}
            </ul>
            {mine.isFetchingNextPage ? <Spinner /> : null}
            <LoadMoreButton query={mine} />
          </div>
        );
      }}
    </QueryState>
  );
}

function MyListingCard({ listing }: { listing: ManagedListing }) {
  const { t } = useI18n();
  const notify = useNotify();
  const dialogs = useDialogs();
  const remove = useDeleteListing();
  // Rejected and sold listings are final (the server refuses updates to them too).
  const final = listing.status === 'rejected' || listing.sold;

  const confirmDelete = async () => {
    const confirmed = await dialogs.confirm({
      title: t('mine.deleteTitle'),
      text: t('confirm.irreversible'),
      confirmLabel: t('mine.deleteConfirm'),
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(listing.id);
      await dialogs.inform({
        title: t('mine.deleted'),
        text: t('mine.deletedText', { title: listing.title }),
      });
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <ListingCard
      listing={listing}
      headingLevel={2}
      footer={
        <>
          {listing.status === 'rejected' && listing.rejectionReason ? (
            <p className="rounded-md bg-red-50 p-2 text-sm text-red-800">
              {t('listing.rejectionReason', { reason: listing.rejectionReason })}
            </p>
          ) : null}
          {listing.delisted ? (
            <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
              {t('listing.delisted')}
            </p>
          ) : null}
          <RevisionNotice listing={listing} />
          {!final ? <CompleteFactsPrompt listing={listing} /> : null}
        </>
      }
      actions={
        <>
          {final ? (
            <Button disabled>
              {t('listing.updateProperty')}
              <span className="sr-only">: {listing.title}</span>
            </Button>
          ) : (
            <Link
              to={paths.dashboard.updateProperty(listing.id)}
              className={linkButtonClass.primary}
            >
              {t('listing.updateProperty')}
              <span className="sr-only">: {listing.title}</span>
            </Link>
          )}
          <Button variant="secondary" busy={remove.isPending} onClick={confirmDelete}>
            {t('listing.delete')}
            <span className="sr-only">: {listing.title}</span>
          </Button>
        </>
      }
    />
  );
}
