import { Link, useNavigate, useParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { ListingCard } from '../../../features/listings/components/listing-card.tsx';
import { MakeOfferForm } from '../../../features/offers/components/make-offer-form.tsx';
import { OpenOfferNotice } from '../../../features/offers/components/open-offer-notice.tsx';
import { useWishlistItem } from '../../../features/wishlist/api/get-wishlist-item.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { paths } from '../../../lib/paths.ts';

/**
 * /dashboard/wishlist/make-offer/:id — the wishlist item's property and the offer form, or
 * the buyer's offer there that is still open.
 */
export default function MakeOfferPage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const item = useWishlistItem(id);
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{t('offers.makeTitle')}</PageHeading>
      <QueryState query={item}>
        {({ id: wishlistItemId, listing, openOffer }) => (
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            <section aria-labelledby="offer-property" className="flex flex-col gap-3">
              <h2 id="offer-property" className="sr-only">
                {t('offers.property')}
              </h2>
              <ListingCard listing={listing} />
            </section>
            <Panel title={t('offers.formTitle')}>
              {openOffer ? (
                <OpenOfferNotice offer={openOffer} />
              ) : (
                <MakeOfferForm
                  wishlistItemId={wishlistItemId}
                  price={listing.price}
                  onOffered={() => navigate(paths.dashboard.propertyBought)}
                />
              )}
            </Panel>
          </div>
        )}
      </QueryState>
      <Link
        to={paths.dashboard.wishlist}
        className="self-start font-semibold text-emerald-800 underline"
      >
        {t('offers.backToWishlist')}
      </Link>
    </div>
  );
}
