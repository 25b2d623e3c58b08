import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useFeaturedReviews } from '../api/get-featured-reviews.ts';
import { ReviewStars } from './review-stars.tsx';
import { ReviewerPhoto } from './reviewer-photo.tsx';

/**
 * The home page's "User Reviews" strip: the reviews an admin featured, topped up with the
 * latest. It is part of the home page's first load, so it stays small (no forms, no dialogs).
 */
export function ReviewStrip() {
  const { t } = useI18n();
  const featured = useFeaturedReviews();
  return (
    <section aria-labelledby="home-user-reviews" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="home-user-reviews" className="mb-6 text-3xl font-bold text-slate-900">
        {t('home.userReviews')}
      </h2>
      <QueryState query={featured}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-slate-700">{t('home.noReviews')}</p>
          ) : (
            <ul className="grid gap-6 md:grid-cols-3">
              {items.map((review) => (
                <li key={review.id}>
                  <figure className="flex h-full flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
                    <div className="flex items-center gap-3">
                      <ReviewerPhoto
                        name={review.reviewer.name}
                        photoUrl={review.reviewer.photoUrl}
                      />
                      <figcaption className="flex flex-col">
                        <span className="font-semibold text-slate-900">{review.reviewer.name}</span>
                        <ReviewStars rating={review.rating} />
                      </figcaption>
                    </div>
                    <blockquote className="text-slate-700">{review.text}</blockquote>
                  </figure>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
