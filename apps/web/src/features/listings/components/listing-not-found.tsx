import { Link } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { paths } from '../../../lib/paths.ts';
import { linkButtonClass } from './link-button.ts';

/** What a 404 from the listings API looks like on a page. */
export function ListingNotFound() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg bg-white p-10 text-center shadow-sm">
      <PageHeading>{t('details.notFoundTitle')}</PageHeading>
      <p className="text-slate-700">{t('details.notFoundBody')}</p>
      <Link to={paths.allProperties} className={linkButtonClass.primary}>
        {t('details.backToAll')}
      </Link>
    </div>
  );
}
