import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

/** The toggle inside a password box that shows what was typed, for the login and new-password forms. */
export function ShowPasswordButton({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      className="rounded px-2 py-1 text-xs font-semibold text-emerald-800 hover:bg-emerald-50"
      aria-pressed={shown}
      onClick={onToggle}
    >
      {shown ? t('login.hidePassword') : t('login.showPassword')}
    </button>
  );
}
