import type { User } from '@basha/domain';
import { Button } from '../../../components/ui/button.tsx';
import { useDialogs } from '../../../components/ui/confirm-dialog.tsx';
import type { MessageKey } from '../../../lib/i18n/english-catalog.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useMarkAgentFraud } from '../api/mark-agent-fraud.ts';
import { usePromoteUser } from '../api/promote-user.ts';

type Action = {
  label: MessageKey;
  confirm: MessageKey;
  doneTitle: MessageKey;
  doneText: MessageKey;
  tone: 'primary' | 'danger';
  run: () => Promise<unknown>;
};

/**
 * What an admin may do to an account, as the server's rules allow: promote or delete a plain
 * user, mark an agent as fraud; nothing on admins or on their own row. Every action asks the
 * spec's confirm question first and ends with its success dialog; refusals are toasts.
 */
export function UserActions({ user, isSelf }: { user: User; isSelf: boolean }) {
  const { t } = useI18n();
  const dialogs = useDialogs();
  const notify = useNotify();
  const promote = usePromoteUser();
  const markFraud = useMarkAgentFraud();
  const remove = useDeleteUser();
  const busy = promote.isPending || markFraud.isPending || remove.isPending;

  if (isSelf || user.role === 'admin') return null;

  const perform = async (action: Action) => {
    const confirmed = await dialogs.confirm({
      title: t(action.confirm),
      text: t('confirm.irreversible'),
      confirmLabel: t(action.label),
      tone: action.tone,
    });
    if (!confirmed) return;
    try {
      await action.run();
    } catch (error) {
      notify.error(error);
      return;
    }
    await dialogs.inform({
      title: t(action.doneTitle),
      text: t(action.doneText, { name: user.name }),
    });
  };

  const actions: Action[] =
    user.role === 'user'
      ? [
          {
            label: 'users.makeAdmin',
            confirm: 'users.confirmAdmin',
            doneTitle: 'users.success',
            doneText: 'users.nowAdmin',
            tone: 'primary',
            run: () => promote.mutateAsync({ userId: user.id, role: 'admin' }),
          },
          {
            label: 'users.makeAgent',
            confirm: 'users.confirmAgent',
            doneTitle: 'users.success',
            doneText: 'users.nowAgent',
            tone: 'primary',
            run: () => promote.mutateAsync({ userId: user.id, role: 'agent' }),
          },
          {
            label: 'users.delete',
            confirm: 'users.confirmDelete',
            doneTitle: 'users.deleted',
            doneText: 'users.deletedText',
            tone: 'danger',
            run: () => remove.mutateAsync(user.id),
          },
        ]
      : [
          {
            label: 'users.markFraud',
            confirm: 'users.confirmFraud',
            doneTitle: 'users.success',
            doneText: 'users.nowFraud',
            tone: 'danger',
            run: () => markFraud.mutateAsync(user.id),
          },
        ];

  return (
    <fieldset
      aria-label={t('users.actionsFor', { name: user.name })}
      className="m-0 flex min-w-0 flex-wrap gap-2 border-0 p-0"
    >
      {actions.map((action) => (
        <Button
          key={action.label}
          variant={action.tone === 'danger' ? 'danger' : 'secondary'}
          className="min-h-9 whitespace-nowrap px-3 py-1"
          disabled={busy || (action.label === 'users.markFraud' && user.fraud)}
          onClick={() => perform(action)}
        >
          {t(action.label)}
        </Button>
      ))}
    </fieldset>
  );
}
