import type { DeviceSession } from '@basha/domain';
import { Button } from '../../../components/ui/button.tsx';
import { useDialogs } from '../../../components/ui/confirm-dialog.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { useMySessions, useSignOutOtherSessions, useSignOutSession } from '../api/my-sessions.ts';
import { deviceName } from './device-name.ts';

/**
 * Where the account is signed in, from the profile: each device with its address and sign-in
 * date, a button to sign any other one out, and "sign out everywhere else" for a lost phone
 * or a shared computer. The server knows sessions by an opaque id; tokens never reach here.
 */
export function MySessions() {
  const { t, number } = useI18n();
  const dialogs = useDialogs();
  const notify = useNotify();
  const sessions = useMySessions();
  const signOutOne = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();

  const signOutEverywhereElse = async () => {
    const confirmed = await dialogs.confirm({
      title: t('sessions.confirmOthers'),
      text: t('sessions.confirmOthersText'),
      confirmLabel: t('sessions.signOutOthers'),
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      const { signedOut } = await signOutOthers.mutateAsync();
      notify.success(t('sessions.signedOutOthers', { count: number(signedOut) }));
    } catch (error) {
      notify.error(error);
    }
  };

  const signOut = async (id: string) => {
    try {
      await signOutOne.mutateAsync(id);
      notify.success(t('sessions.signedOutOne'));
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <section
      aria-labelledby="my-sessions-title"
      className="flex flex-col gap-4 rounded-lg bg-white p-8 shadow-sm"
    >
      <h2 id="my-sessions-title" className="text-xl font-bold text-slate-900">
        {t('sessions.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('sessions.intro')}</p>
      <QueryState query={sessions}>
        {(items) => (
          <>
            <ul className="flex flex-col divide-y divide-slate-200">
              {items.map((item) => (
                <SessionRow
                  key={item.id}
                  session={item}
                  busy={signOutOne.isPending && signOutOne.variables === item.id}
                  onSignOut={() => signOut(item.id)}
                />
              ))}
            </ul>
            <Button
              variant="danger"
              className="w-fit"
              busy={signOutOthers.isPending}
              disabled={!items.some((item) => !item.current)}
              onClick={signOutEverywhereElse}
            >
              {t('sessions.signOutOthers')}
            </Button>
          </>
        )}
      </QueryState>
    </section>
  );
}

function SessionRow({
  session,
  busy,
  onSignOut,
}: {
  session: DeviceSession;
  busy: boolean;
  onSignOut: () => void;
}) {
  const { t, date } = useI18n();
  const device =
    (session.userAgent && (deviceName(session.userAgent) ?? session.userAgent)) ||
    t('sessions.unknownDevice');
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 flex-col">
        <span className="break-words font-medium text-slate-900">
          {device}
          {session.current ? (
            <span className="ms-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
              {t('sessions.thisDevice')}
            </span>
          ) : null}
        </span>
        <span className="text-sm text-slate-700">
          {t('sessions.details', {
            address: session.ipAddress ?? t('sessions.unknownAddress'),
            date: date(session.signedInAt),
          })}
        </span>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          busy={busy}
          aria-label={t('sessions.signOutDevice', { device })}
          onClick={onSignOut}
        >
          {t('sessions.signOut')}
        </Button>
      )}
    </li>
  );
}
