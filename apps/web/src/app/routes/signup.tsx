import { useNavigate } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { SignUpForm } from '../../features/auth/components/signup-form.tsx';
import { useI18n } from '../../lib/i18n/i18n-provider.tsx';
import { paths } from '../../lib/paths.ts';

export default function SignUpPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <PageHeading className="mb-6 text-center text-3xl font-bold text-slate-900">
        {t('signup.title')}
      </PageHeading>
      <SignUpForm
        onSignedUp={(email) => navigate(paths.login, { state: { signedUp: true, email } })}
      />
    </div>
  );
}
