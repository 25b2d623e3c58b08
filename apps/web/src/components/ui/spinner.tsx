import { useI18n } from '../../lib/i18n/i18n-provider.tsx';

export function Spinner({ className = '' }: { className?: string }) {
  const { t } = useI18n();
  return (
    <div role="status" className={`flex justify-center py-10 ${className}`}>
      <span
        className="size-10 animate-spin rounded-full border-4 border-emerald-700 border-t-transparent"
        aria-hidden
      />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
