import { yearInBangladesh } from '../../lib/i18n/format.ts';
import { useI18n } from '../../lib/i18n/i18n-provider.tsx';

/** Whose the site is, when the build names someone; else Basha, in the page's language. */
const SITE_AUTHOR: string | undefined = import.meta.env.VITE_SITE_AUTHOR;

/** Logo, three social icons (no link targets, as in the spec) and the copyright line. */
export function Footer() {
  const { t, digits } = useI18n();
  const icons = [
    { label: t('footer.facebook'), path: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v6h4v-6h3l1-4h-4V8z' },
    { label: t('footer.twitter'), path: 'M4 4l16 16M20 4L4 20' },
    {
      label: t('footer.youtube'),
      path: 'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zM10 9v6l5-3z',
    },
  ];
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-10">
        <p className="text-2xl font-extrabold text-white">{t('brand.name')}</p>
        <ul aria-label={t('footer.social')} className="flex gap-4">
          {icons.map((icon) => (
            <li key={icon.label}>
              <span
                role="img"
                aria-label={icon.label}
                className="block rounded-full bg-slate-800 p-2"
              >
                <svg
                  viewBox="0 0 24 24"
                  className="size-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  aria-hidden
                >
                  <path d={icon.path} />
                </svg>
              </span>
            </li>
          ))}
        </ul>
        <p className="text-sm">
          {t('footer.copyright', {
            year: digits(yearInBangladesh()),
            author: SITE_AUTHOR ?? t('brand.name'),
          })}
        </p>
      </div>
    </footer>
  );
}
