import { useRef } from 'react';
import { Link } from 'react-router';
import { useMe } from '../../features/auth/api/get-me.ts';
import { LatestListings } from '../../features/listings/components/latest-listings.tsx';
import { ReviewStrip } from '../../features/reviews/components/review-strip.tsx';
import { useFocusAfterNavigation } from '../../lib/focus-after-navigation.ts';
import { useI18n } from '../../lib/i18n/i18n-provider.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { paths } from '../../lib/paths.ts';

export default function HomePage() {
  const { t } = useI18n();
  const me = useMe();
  // The home page is the site itself: the tab says its name alone.
  usePageTitle();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusAfterNavigation(heading);
  return (
    <>
      <section className="bg-gradient-to-br from-emerald-900 via-emerald-800 to-teal-700 text-white">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-20 md:py-28">
          <h1
            ref={heading}
            tabIndex={-1}
            className="max-w-2xl text-4xl font-extrabold leading-tight focus:outline-none md:text-5xl"
          >
            {t('home.welcome')}
          </h1>
          <p className="max-w-xl text-lg text-emerald-50">{t('home.tagline')}</p>
          <Link
            to={me.data ? paths.allProperties : paths.login}
            className="rounded-md bg-white px-6 py-3 font-semibold text-emerald-900 hover:bg-emerald-50"
          >
            {me.data ? t('home.getStarted') : t('home.login')}
          </Link>
        </div>
      </section>
      <LatestListings />
      <ReviewStrip />
    </>
  );
}
