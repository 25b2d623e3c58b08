import { useI18n } from '../../lib/i18n/i18n-provider.tsx';
import { Button } from './button.tsx';

/** A page's code is missing even after a reload (lib/outdated-app.ts): the reader decides. */
export function OutdatedAppMessage() {
  const { t } = useI18n();
  return (
    <div role="alert" className="mx-auto flex max-w-7xl flex-col items-start gap-4 px-4 py-10">
      <p className="text-lg text-slate-800">{t('error.outdatedApp')}</p>
      <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
    </div>
  );
}
