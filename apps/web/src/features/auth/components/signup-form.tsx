import {
  ACCEPTED_PHOTO_TYPES,
  MAX_UPLOAD_BYTES,
  photoMessages,
  profilePhotoMessages,
  SignUpFieldsSchema,
} from '@basha/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formErrorMessage } from '../../../lib/i18n/coded-message.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { showServerFieldError } from '../../../lib/server-field-error.ts';
import { useSignUp } from '../api/sign-up.ts';

const SignUpFormSchema = z.extend(SignUpFieldsSchema, {
  photo: z.custom<FileList>().check(
    z.refine(
      (files) => files instanceof FileList && files.length === 1,
      profilePhotoMessages.required,
    ),
    z.refine((files) => !(files?.[0] && files[0].size > MAX_UPLOAD_BYTES), photoMessages.tooLarge),
  ),
});
type SignUpFormValues = z.input<typeof SignUpFormSchema>;

const FIELDS = ['name', 'email', 'password', 'photo'] as const;

/** `onSignedUp` gets the email signed up with, for the login form to start from. */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { t, serverText, locale } = useI18n();
  const notify = useNotify();
  const signUp = useSignUp();
  const form = useForm<SignUpFormValues>({ resolver: zodResolver(SignUpFormSchema) });
  const { errors } = form.formState;
  const errorOf = (field: (typeof FIELDS)[number]) => {
    const message = formErrorMessage(errors[field]);
    return message && serverText(message);
  };

  const submit = form.handleSubmit(async ({ photo, ...fields }) => {
    const file = (photo as FileList)[0] as File;
    try {
      // The page's language becomes the account's emails' language (changeable in its settings).
      const account = SignUpFieldsSchema.parse(fields);
      await signUp.mutateAsync({ ...account, language: locale, photo: file });
      notify.success(t('signup.success'));
      onSignedUp(account.email);
    } catch (error) {
      showServerFieldError(form.setError, error, FIELDS);
      notify.error(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t('signup.name')}
        autoComplete="name"
        error={errorOf('name')}
        {...form.register('name')}
      />
      <TextField
        label={t('signup.email')}
        type="email"
        autoComplete="email"
        error={errorOf('email')}
        {...form.register('email')}
      />
      <TextField
        label={t('signup.password')}
        type="password"
        autoComplete="new-password"
        hint={t('signup.passwordHint')}
        error={errorOf('password')}
        {...form.register('password')}
      />
      <TextField
        label={t('signup.photo')}
        type="file"
        accept={ACCEPTED_PHOTO_TYPES}
        hint={t('signup.photoHint')}
        error={errorOf('photo')}
        {...form.register('photo')}
      />
      <Button type="submit" busy={form.formState.isSubmitting}>
        {t('signup.submit')}
      </Button>
      <p className="text-center text-sm text-slate-700">
        {t('signup.haveAccount')}{' '}
        <Link to={paths.login} className="font-semibold text-emerald-800 underline">
          {t('signup.login')}
        </Link>
      </p>
    </form>
  );
}
