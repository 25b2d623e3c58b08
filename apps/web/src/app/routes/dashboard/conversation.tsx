import { useParams } from 'react-router';
import { ConversationThread } from '../../../features/conversations/components/conversation-thread.tsx';

export default function ConversationPage() {
  const { id = '' } = useParams();
  return <ConversationThread key={id} conversationId={id} />;
}
