import { Link } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { useI18n } from '../../lib/i18n/i18n-provider.tsx';
import { paths } from '../../lib/paths.ts';

export default function NotFoundPage() {
  const { t, digits } = useI18n();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-emerald-800">{digits(404)}</p>
      <PageHeading>{t('notFound.title')}</PageHeading>
      <p className="text-slate-700">{t('notFound.body')}</p>
      <Link
        to={paths.home}
        className="rounded-md bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800"
      >
        {t('notFound.home')}
      </Link>
    </div>
  );
}
