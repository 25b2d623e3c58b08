import { DEMO_ACCOUNTS, type Role, type SignIn, SignInSchema } from '@basha/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formErrorMessage } from '../../../lib/i18n/coded-message.ts';
import type { MessageKey } from '../../../lib/i18n/english-catalog.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useAuthProviders } from '../api/get-auth-providers.ts';
import { useLogIn } from '../api/log-in.ts';
import { signInWithGoogle } from '../api/sign-in-with-google.ts';
import { ShowPasswordButton } from './show-password-button.tsx';

const demoButtons: { role: Role; label: MessageKey }[] = [
  { role: 'user', label: 'login.demoUser' },
  { role: 'agent', label: 'login.demoAgent' },
  { role: 'admin', label: 'login.demoAdmin' },
];

export function LoginForm({
  onLoggedIn,
  returnTo,
  email = '',
}: {
  onLoggedIn: () => void;
  returnTo: string;
  /** The email to start from (the one just signed up with). */
  email?: string;
}) {
  const { t, serverText, locale } = useI18n();
  const notify = useNotify();
  const logIn = useLogIn();
  const providers = useAuthProviders();
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm<SignIn>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email, password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    logIn.mutateAsync(values).then(() => {
      notify.success(t('login.success'));
      onLoggedIn();
    }, notify.error),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t('login.email')}
        type="email"
        autoComplete="email"
        error={errors.email && serverText(formErrorMessage(errors.email) ?? '')}
        {...form.register('email')}
      />
      <TextField
        label={t('login.password')}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        error={errors.password && serverText(formErrorMessage(errors.password) ?? '')}
        trailing={
          <ShowPasswordButton
            shown={showPassword}
            onToggle={() => setShowPassword((shown) => !shown)}
          />
        }
        {...form.register('password')}
      />
      {providers.data?.passwordReset ? (
        <Link
          to={paths.forgotPassword}
          // The email typed so far goes along, so it need not be typed again.
          state={{ email: form.watch('email') }}
          className="-mt-2 self-end text-sm font-semibold text-emerald-800 underline"
        >
          {t('login.forgotPassword')}
        </Link>
      ) : null}
      <Button type="submit" busy={form.formState.isSubmitting}>
        {t('login.submit')}
      </Button>
      <fieldset className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-xs text-slate-600">{t('login.demoHint')}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {demoButtons.map(({ role, label }) => (
            <Button
              key={role}
              variant="secondary"
              onClick={() => {
                form.setValue('email', DEMO_ACCOUNTS[role].email, { shouldValidate: true });
                form.setValue('password', DEMO_ACCOUNTS[role].password, { shouldValidate: true });
              }}
            >
              {t(label)}
            </Button>
          ))}
        </div>
      </fieldset>
      {providers.data?.google ? (
        <Button
          variant="secondary"
          onClick={() => signInWithGoogle(returnTo, locale).catch(notify.error)}
        >
          {t('login.google')}
        </Button>
      ) : null}
      <p className="text-center text-sm text-slate-700">
        {t('login.noAccount')}{' '}
        <Link to={paths.signup} className="font-semibold text-emerald-800 underline">
          {t('login.register')}
        </Link>
      </p>
    </form>
  );
}
