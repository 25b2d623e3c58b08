import { PageHeading } from '../../components/ui/page-heading.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { useI18n } from '../../lib/i18n/i18n-provider.tsx';

export default function ForgotPasswordPage() {
  const { t } = useI18n();
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <PageHeading className="mb-6 text-center text-3xl font-bold text-slate-900">
        {t('forgotPassword.title')}
      </PageHeading>
      <ForgotPasswordForm />
    </div>
  );
}
