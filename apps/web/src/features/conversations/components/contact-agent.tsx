import { isPublicListing, type ListingDetails, whatsAppLink } from '@basha/domain';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useStartConversation } from '../api/conversation-actions.ts';

const linkClass =
  'inline-flex min-h-10 items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700';

/**
 * The details page's contact row: "Message agent" (buyers and other agents not marked as
 * fraud, on a public listing: the server's rule) and, when the agent gave a number, Call and WhatsApp links.
 */
export function ContactAgent({ listing }: { listing: ListingDetails }) {
  const { t } = useI18n();
  const notify = useNotify();
  const navigate = useNavigate();
  const me = useMe();
  const start = useStartConversation();
  const canMessage =
    isPublicListing(listing) &&
    me.data != null &&
    me.data.role !== 'admin' &&
    !me.data.fraud &&
    me.data.id !== listing.agent.id;

  const messageAgent = () =>
    start.mutate(listing.id, {
      onSuccess: (conversation) => navigate(paths.dashboard.conversation(conversation.id)),
      onError: (error) => notify.error(error),
    });

  return (
    <>
      {canMessage ? (
        <Button onClick={messageAgent} busy={start.isPending}>
          {t('conversations.messageAgent')}
        </Button>
      ) : null}
      {listing.agentPhone ? (
        <>
          <a href={`tel:${listing.agentPhone}`} className={linkClass}>
            {t('conversations.call', { phone: listing.agentPhone })}
          </a>
          <a
            href={whatsAppLink(listing.agentPhone)}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
          >
            {t('conversations.whatsApp')}
          </a>
        </>
      ) : null}
    </>
  );
}
