import { type ListingDetails, listingMessages } from '@basha/domain';
import { useNavigate, useParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { isMissingListing, useListing } from '../../../features/listings/api/get-listing.ts';
import { useUpdateListing } from '../../../features/listings/api/update-listing.ts';
import { ListingForm } from '../../../features/listings/components/listing-form.tsx';
import { ListingNotFound } from '../../../features/listings/components/listing-not-found.tsx';
import { RevisionNotice } from '../../../features/listings/components/revision-notice.tsx';
import { StatusBadge } from '../../../features/listings/components/status-badge.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';

export default function UpdatePropertyPage() {
  const { id = '' } = useParams();
  const listing = useListing(id);
  if (isMissingListing(listing.error)) return <ListingNotFound />;
  return <QueryState query={listing}>{(found) => <UpdateListing listing={found} />}</QueryState>;
}

function UpdateListing({ listing }: { listing: ListingDetails }) {
  const { t, serverText } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const me = useMe();
  const update = useUpdateListing(listing.id);
  // Rejected and sold listings are final; fraud agents change nothing (the server agrees).
  const blocked = me.data?.fraud ? (
    serverText(listingMessages.fraudAgentChange)
  ) : listing.status === 'rejected' ? (
    <>
      {serverText(listingMessages.rejectedCannotChange)}
      {listing.rejectionReason ? (
        <span className="mt-1 block text-sm">
          {t('listing.rejectionReason', { reason: listing.rejectionReason })}
        </span>
      ) : null}
    </>
  ) : listing.sold ? (
    serverText(listingMessages.soldCannotChange)
  ) : undefined;
  return (
    <div className="flex flex-col gap-6 rounded-lg bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <PageHeading>{t('listingForm.updateTitle')}</PageHeading>
        <StatusBadge status={listing.status} sold={listing.sold} />
      </div>
      {/* A verified listing's changes wait for an admin; the public keeps the verified version. */}
      {listing.status === 'verified' && !listing.sold ? (
        <p className="text-sm text-slate-700">{t('revision.reviewHint')}</p>
      ) : null}
      <RevisionNotice listing={listing} />
      <ListingForm
        key={listing.updatedAt}
        mode="update"
        initial={{
          title: listing.title,
          location: listing.location,
          description: listing.description,
          priceMin: listing.price.min,
          priceMax: listing.price.max,
        }}
        initialFacts={{ facts: listing.facts, place: listing.place }}
        currentPhotos={listing.photos}
        blocked={blocked}
        save={update.mutateAsync}
        onSaved={() => {
          notify.success(
            t(listing.status === 'verified' ? 'revision.sentForReview' : 'listingForm.updated'),
          );
          navigate(paths.dashboard.addedProperties);
        }}
      />
    </div>
  );
}
