import { PasswordSchema, passwordResetMessages } from '@basha/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type CodedMessage, formErrorMessage } from '../../../lib/i18n/coded-message.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { showServerFieldError } from '../../../lib/server-field-error.ts';
import { useResetPassword } from '../api/passwords.ts';
import { ShowPasswordButton } from './show-password-button.tsx';

const NewPasswordSchema = z.object({ password: PasswordSchema });
type NewPassword = z.infer<typeof NewPasswordSchema>;

/**
 * Chooses the new password with the emailed link's token. A link that no longer works (used,
 * expired, cut short by a mail program) says so, with the way to a new one, instead of the
 * form: no password typed for nothing.
 */
export function ResetPasswordForm({ token, onReset }: { token: string; onReset: () => void }) {
  const { t, serverText } = useI18n();
  const notify = useNotify();
  const reset = useResetPassword();
  const [showPassword, setShowPassword] = useState(false);
  const [linkProblem, setLinkProblem] = useState<CodedMessage | string | undefined>(
    token === '' ? passwordResetMessages.tokenRequired : undefined,
  );
  const form = useForm<NewPassword>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password });
      notify.success(serverText(passwordResetMessages.changed));
      onReset();
    } catch (error) {
      const tokenError = error instanceof ApiError ? error.fieldError('token') : undefined;
      if (tokenError) setLinkProblem(tokenError);
      else if (!showServerFieldError(form.setError, error, ['password'])) notify.error(error);
    }
  });

  if (linkProblem) {
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-900">
          {serverText(linkProblem)}
        </p>
        <Link
          to={paths.forgotPassword}
          className="text-center text-sm font-semibold text-emerald-800 underline"
        >
          {t('resetPassword.newLink')}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t('resetPassword.password')}
        type={showPassword ? 'text' : 'password'}
        autoComplete="new-password"
        hint={t('signup.passwordHint')}
        error={errors.password && serverText(formErrorMessage(errors.password) ?? '')}
        trailing={
          <ShowPasswordButton
            shown={showPassword}
            onToggle={() => setShowPassword((shown) => !shown)}
          />
        }
        {...form.register('password')}
      />
      <Button type="submit" busy={form.formState.isSubmitting}>
        {t('resetPassword.submit')}
      </Button>
    </form>
  );
}
