import {
  type EmailSettings as EmailSettingsAnswer,
  type Language,
  NOTIFICATION_KINDS,
  NOTIFICATION_RECIPIENTS,
  PAGE_LOCALES,
  type Role,
} from '@basha/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useChangeEmailPreferences, useEmailPreferences } from '../api/email-preferences.ts';

/** The email settings: the language emails are written in, and each kind on or off. */
export function EmailSettings() {
  const preferences = useEmailPreferences();
  const role = useMe().data?.role ?? 'user';
  return (
    <QueryState query={preferences}>
      {(saved) => <EmailSettingsForm saved={saved} role={role} />}
    </QueryState>
  );
}

function EmailSettingsForm({ saved, role }: { saved: EmailSettingsAnswer; role: Role }) {
  const { t } = useI18n();
  const notify = useNotify();
  const change = useChangeEmailPreferences();
  const languageId = useId();
  const [language, setLanguage] = useState<Language>(saved.language);
  const [email, setEmail] = useState(saved.email);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await change.mutateAsync({ language, email });
    } catch (error) {
      notify.error(error);
      return;
    }
    notify.success(t('emailSettings.saved'));
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-5"
    >
      <p className="text-slate-700">{t('emailSettings.intro')}</p>
      {saved.sending ? null : (
        <p role="note" className="rounded-md bg-amber-50 p-3 text-amber-900">
          {t('emailSettings.notSending')}
        </p>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={languageId} className="text-sm font-medium text-slate-800">
          {t('emailSettings.language')}
        </label>
        <select
          id={languageId}
          value={language}
          onChange={(event) => setLanguage(event.target.value as Language)}
          className="max-w-xs rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:outline-2 focus:outline-emerald-700"
        >
          {PAGE_LOCALES.map((option) => (
            <option key={option} value={option}>
              {t(`emailSettings.language.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">
          {t('emailSettings.kinds')}
        </legend>
        {/* Only what this account can be told of; the other kinds keep their settings. */}
        {NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_RECIPIENTS[kind].includes(role)).map(
          (kind) => (
            <label key={kind} className="flex items-center gap-2 text-slate-900">
              <input
                type="checkbox"
                checked={email[kind] ?? false}
                onChange={(event) => setEmail({ ...email, [kind]: event.target.checked })}
                className="size-4 accent-emerald-700"
              />
              {t(`emailSettings.kind.${kind}`)}
            </label>
          ),
        )}
      </fieldset>
      <Button type="submit" className="self-start" busy={change.isPending}>
        {t('emailSettings.save')}
      </Button>
    </form>
  );
}
