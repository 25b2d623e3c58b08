import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { useMyPhone, useSaveMyPhone } from '../api/agent-phone.ts';

/** On an agent's profile: the number buyers can call or WhatsApp. */
export function AgentPhoneForm() {
  const { t, serverText } = useI18n();
  const notify = useNotify();
  const phone = useMyPhone(true);
  const save = useSaveMyPhone();
  const [value, setValue] = useState('');
  const stored = phone.data?.phone ?? '';
  useEffect(() => setValue(stored), [stored]);

  const fieldError = save.error instanceof ApiError ? save.error.fieldError('phone') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(value, {
      onSuccess: () => notify.success(t('conversations.phoneSaved')),
      onError: (error) => {
        if (!(error instanceof ApiError && error.fieldError('phone'))) notify.error(error);
      },
    });
  };

  return (
    <Panel title={t('conversations.contactAgent')}>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label={t('conversations.phoneLabel')}
          hint={t('conversations.phoneHint')}
          error={fieldError ? serverText(fieldError) : undefined}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          className="grow"
        />
        <Button type="submit" busy={save.isPending}>
          {t('conversations.phoneSave')}
        </Button>
      </form>
    </Panel>
  );
}
