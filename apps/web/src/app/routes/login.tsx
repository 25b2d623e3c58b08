import { useLocation, useNavigate } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useI18n } from '../../lib/i18n/i18n-provider.tsx';
import { paths } from '../../lib/paths.ts';

export default function LoginPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as {
    from?: { pathname: string; search?: string };
    signedUp?: boolean;
    /** The email just signed up with: the form starts from it. */
    email?: string;
  } | null;
  const from = state?.from;
  const returnTo = from ? `${from.pathname}${from.search ?? ''}` : paths.home;
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <PageHeading className="mb-6 text-center text-3xl font-bold text-slate-900">
        {t('login.title')}
      </PageHeading>
      {state?.signedUp ? (
        // Sign-up answers a new and an already registered email alike (ADR 0011): this says
        // what each case means, without knowing which it was.
        <p role="status" className="mb-6 rounded-md bg-emerald-50 p-4 text-sm text-emerald-950">
          {t('login.afterSignUp')}
        </p>
      ) : null}
      <LoginForm
        email={state?.email}
        returnTo={returnTo}
        onLoggedIn={() => navigate(returnTo, { replace: true })}
      />
    </div>
  );
}
