import {
  type PasswordResetRequest,
  PasswordResetRequestSchema,
  passwordResetMessages,
} from '@basha/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formErrorMessage } from '../../../lib/i18n/coded-message.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useRequestPasswordReset } from '../api/passwords.ts';

/**
 * Asks for a link to choose a new password. Once asked, the form gives way to what happens
 * next, which is the same whether or not an account uses the email (the server says nothing
 * more), with the way to ask again if no email comes.
 */
export function ForgotPasswordForm() {
  const { t, serverText } = useI18n();
  const notify = useNotify();
  const request = useRequestPasswordReset();
  const typedAtLogin = (useLocation().state as { email?: unknown } | null)?.email;
  const form = useForm<PasswordResetRequest>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { email: typeof typedAtLogin === 'string' ? typedAtLogin : '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => request.mutateAsync(values).catch(notify.error));
  const backToLogin = (
    <Link to={paths.login} className="text-center text-sm font-semibold text-emerald-800 underline">
      {t('forgotPassword.backToLogin')}
    </Link>
  );

  if (request.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="rounded-md bg-emerald-50 p-4 text-sm text-emerald-950">
          {serverText(passwordResetMessages.sent)} {t('forgotPassword.checkSpam')}
        </p>
        <Button variant="secondary" onClick={() => request.reset()}>
          {t('forgotPassword.again')}
        </Button>
        {backToLogin}
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('forgotPassword.intro')}</p>
      <TextField
        label={t('login.email')}
        type="email"
        autoComplete="email"
        error={errors.email && serverText(formErrorMessage(errors.email) ?? '')}
        {...form.register('email')}
      />
      <Button type="submit" busy={form.formState.isSubmitting}>
        {t('forgotPassword.submit')}
      </Button>
      {backToLogin}
    </form>
  );
}
