import { isPublicListing, type ListingDetails } from '@basha/domain';
import { useParams } from 'react-router';
import { QueryState } from '../../components/ui/query-state.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { ContactAgent } from '../../features/conversations/components/contact-agent.tsx';
import { isMissingListing, useListing } from '../../features/listings/api/get-listing.ts';
import { ListingDetailsView } from '../../features/listings/components/listing-details-view.tsx';
import { ListingNotFound } from '../../features/listings/components/listing-not-found.tsx';
import { LogInToAct } from '../../features/listings/components/log-in-to-act.tsx';
import { AddReviewButton } from '../../features/reviews/components/add-review-button.tsx';
import { ListingReviews } from '../../features/reviews/components/listing-reviews.tsx';
import { AddToWishlistButton } from '../../features/wishlist/components/add-to-wishlist-button.tsx';

export default function PropertyDetailsPage() {
  const { id = '' } = useParams();
  const listing = useListing(id);
  // A visitor here (PUBLIC_LISTINGS): wishes, offers and reviews need an account.
  const visitor = useMe().data === null;
  const notFound = isMissingListing(listing.error);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-8">
      {notFound ? (
        <ListingNotFound />
      ) : (
        <QueryState query={listing}>
          {(found) => (
            <>
              <ListingDetailsView
                listing={found}
                actions={
                  visitor ? (
                    <LogInToAct />
                  ) : (
                    <>
                      <ContactAgent listing={found} />
                      {isPublicListing(found) ? <AddToWishlistButton listingId={found.id} /> : null}
                      {takesReviews(found) ? <AddReviewButton listingId={found.id} /> : null}
                    </>
                  )
                }
              />
              {/* Visitors read them too (PUBLIC_LISTINGS); writing one needs an account. */}
              <ListingReviews listingId={found.id} />
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}

/**
 * The server's rule, mirrored: a public listing takes reviews from users; a sold one from
 * its buyer alone. Wishes and offers need a public listing; anything else is not offered.
 */
function takesReviews(listing: ListingDetails): boolean {
  return isPublicListing(listing) || listing.sale?.boughtByViewer === true;
}
