import { Link, useLocation } from 'react-router';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { paths } from '../../../lib/paths.ts';
import { linkButtonClass } from './link-button.ts';

/**
 * A visitor's way to the details page's actions (PUBLIC_LISTINGS): to login, which brings
 * them back here afterwards, as the spec's guard does (`state.from`).
 */
export function LogInToAct() {
  const { t } = useI18n();
  const location = useLocation();
  return (
    <Link to={paths.login} state={{ from: location }} className={linkButtonClass.primary}>
      {t('listing.logInToAct')}
    </Link>
  );
}
