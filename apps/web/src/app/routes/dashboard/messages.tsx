import { useMe } from '../../../features/auth/api/get-me.ts';
import { ConversationList } from '../../../features/conversations/components/conversation-list.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

/** Agents' inbox and users' "My messages": the same list, named for who reads it. */
export default function MessagesPage() {
  const { t } = useI18n();
  const me = useMe();
  return (
    <ConversationList
      title={t(me.data?.role === 'agent' ? 'dashboard.inbox' : 'dashboard.messages')}
    />
  );
}
