import { useParams } from 'react-router';
import { QueryState } from '../../components/ui/query-state.tsx';
import { isMissingListing, useListing } from '../../features/listings/api/get-listing.ts';
import { ListingDetailsView } from '../../features/listings/components/listing-details-view.tsx';
import { ListingNotFound } from '../../features/listings/components/listing-not-found.tsx';
import { AddReviewButton } from '../../features/reviews/components/add-review-button.tsx';
import { ListingReviews } from '../../features/reviews/components/listing-reviews.tsx';
import { AddToWishlistButton } from '../../features/wishlist/components/add-to-wishlist-button.tsx';

export default function PropertyDetailsPage() {
  const { id = '' } = useParams();
  const listing = useListing(id);
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
                  <>
                    <AddToWishlistButton listingId={found.id} />
                    <AddReviewButton listingId={found.id} />
                  </>
                }
              />
              <ListingReviews listingId={found.id} />
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}
