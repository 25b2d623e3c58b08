import { type PasswordChange, PasswordChangeSchema, passwordChangeMessages } from '@basha/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formErrorMessage } from '../../../lib/i18n/coded-message.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { showServerFieldError } from '../../../lib/server-field-error.ts';
import { useChangePassword } from '../api/passwords.ts';
import { ShowPasswordButton } from './show-password-button.tsx';

const FIELDS = ['currentPassword', 'newPassword'] as const;

/** On the profile: a new password, with the current one; the other devices are signed out. */
export function ChangePasswordForm() {
  const { t, serverText } = useI18n();
  const notify = useNotify();
  const change = useChangePassword();
  // Each box has its own toggle: showing the new password need not show the current one.
  const [shown, setShown] = useState({ current: false, next: false });
  const form = useForm<PasswordChange>({
    resolver: zodResolver(PasswordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;
  const errorOf = (field: (typeof FIELDS)[number]) => {
    const message = formErrorMessage(errors[field]);
    return message && serverText(message);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      notify.success(serverText(passwordChangeMessages.changed));
      form.reset();
    } catch (error) {
      if (!showServerFieldError(form.setError, error, FIELDS)) notify.error(error);
    }
  });

  const toggle = (box: keyof typeof shown) => (
    <ShowPasswordButton
      shown={shown[box]}
      onToggle={() => setShown((was) => ({ ...was, [box]: !was[box] }))}
    />
  );
  return (
    <Panel title={t('changePassword.title')}>
      <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
        <TextField
          label={t('changePassword.current')}
          type={shown.current ? 'text' : 'password'}
          autoComplete="current-password"
          error={errorOf('currentPassword')}
          trailing={toggle('current')}
          {...form.register('currentPassword')}
        />
        <TextField
          label={t('resetPassword.password')}
          type={shown.next ? 'text' : 'password'}
          autoComplete="new-password"
          hint={t('signup.passwordHint')}
          error={errorOf('newPassword')}
          trailing={toggle('next')}
          {...form.register('newPassword')}
        />
        <Button type="submit" busy={form.formState.isSubmitting} className="self-start">
          {t('changePassword.submit')}
        </Button>
      </form>
    </Panel>
  );
}
