import { ReportedConversations } from '../../../features/conversations/components/reported-conversations.tsx';

export default function ReportedConversationsPage() {
  return <ReportedConversations />;
}
