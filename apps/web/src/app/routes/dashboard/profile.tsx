import { useRef } from 'react';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form.tsx';
import { MySessions } from '../../../features/auth/components/my-sessions.tsx';
import { AgentPhoneForm } from '../../../features/conversations/components/agent-phone-form.tsx';
import { useFocusAfterNavigation } from '../../../lib/focus-after-navigation.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';

export default function ProfilePage() {
  const { t, date } = useI18n();
  const me = useMe();
  // The heading is the account's name; the tab names the page.
  usePageTitle(t('dashboard.profile'));
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusAfterNavigation(heading);
  return (
    <QueryState query={me}>
      {(user) =>
        user ? (
          <div className="flex flex-col gap-6">
            <article className="flex flex-col items-center gap-4 rounded-lg bg-white p-8 shadow-sm sm:flex-row sm:items-start">
              {user.photoUrl ? (
                <img
                  src={user.photoUrl}
                  alt=""
                  width={128}
                  height={128}
                  className="size-32 rounded-full object-cover"
                />
              ) : null}
              <div className="flex flex-col gap-2">
                <h1
                  ref={heading}
                  tabIndex={-1}
                  className="text-2xl font-bold text-slate-900 focus:outline-none"
                >
                  {user.name}
                </h1>
                {user.fraud ? (
                  <span className="w-fit rounded-full bg-red-100 px-3 py-1 text-sm font-semibold text-red-800">
                    {t('profile.fraud')}
                  </span>
                ) : null}
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
                  <dt className="font-medium">{t('profile.email')}</dt>
                  <dd>{user.email}</dd>
                  <dt className="font-medium">{t('profile.role')}</dt>
                  <dd>{t(`role.${user.role}`)}</dd>
                  <dt className="font-medium">{t('profile.joined')}</dt>
                  <dd>{date(user.createdAt)}</dd>
                </dl>
              </div>
            </article>
            {user.role === 'agent' ? <AgentPhoneForm /> : null}
            <ChangePasswordForm />
            <MySessions />
          </div>
        ) : null
      }
    </QueryState>
  );
}
