import type { Participant } from '@basha/domain';
import type { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

/** A participant's name, or "deleted user" once their account is gone. */
export function participantName(
  participant: Participant,
  t: ReturnType<typeof useI18n>['t'],
): string {
  return participant.name ?? t('conversations.deletedUser');
}
