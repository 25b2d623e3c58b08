import { useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { useI18n } from '../../lib/i18n/i18n-provider.tsx';
import { paths } from '../../lib/paths.ts';

/** Where an emailed reset link lands (`?token=`); once saved, on to login with the new password. */
export default function ResetPasswordPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <PageHeading className="mb-6 text-center text-3xl font-bold text-slate-900">
        {t('resetPassword.title')}
      </PageHeading>
      <ResetPasswordForm
        token={params.get('token') ?? ''}
        onReset={() => navigate(paths.login, { replace: true })}
      />
    </div>
  );
}
