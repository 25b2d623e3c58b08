import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { paths } from '../../../lib/paths.ts';
import { linkButtonClass } from './link-button.ts';

/** The card's default action: "Details", naming the property for screen readers. */
export function DetailsLink({ id, title }: { id: string; title: string }) {
  const { t } = useI18n();
  return (
    <Link to={paths.propertyDetails(id)} className={linkButtonClass.primary}>
      {t('listing.details')}
      <span className="sr-only">: {title}</span>
    </Link>
  );
}
