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
import type { MessageKey } from '../../../lib/i18n/english-catalog.ts';
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
  // An edit awaiting review is what the agent last sent: the form holds it, not the public
  // version (saved unchanged, that withdrew the edit).
  const shown = listing.pendingEdit ?? listing;
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
        key={`${listing.updatedAt} ${listing.pendingRevision?.id}`}
        mode="update"
        initial={{
          title: shown.title,
          location: shown.location,
          description: shown.description,
          priceMin: shown.price.min,
          priceMax: shown.price.max,
        }}
        initialFacts={{ facts: shown.facts, place: shown.place }}
        currentPhotos={shown.photos}
        publicPhotos={listing.photos}
        blocked={blocked}
        save={update.mutateAsync}
        onSaved={(saved) => {
          notify.success(t(savedMessage(saved)));
          navigate(paths.dashboard.addedProperties);
        }}
      />
    </div>
  );
}

/** What a save did: a change of a pending listing is live; one of a verified listing waits. */
function savedMessage(saved: ListingDetails): MessageKey {
  if (saved.status !== 'verified') return 'listingForm.updated';
  return saved.pendingRevision ? 'revision.sentForReview' : 'revision.nothingToReview';
}
