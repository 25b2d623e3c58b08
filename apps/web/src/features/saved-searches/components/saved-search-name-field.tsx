import { SAVED_SEARCH_NAME_MAX } from '@basha/domain';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { CodedMessage } from '../../../lib/i18n/coded-message.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

/**
 * The server's refusal of a saved search's name (blank, too long), to be said beside the
 * field in the reader's language; undefined for any other failure, which is a toast.
 */
export function nameRefusalOf(error: unknown): CodedMessage | undefined {
  return error instanceof ApiError ? error.fieldError('name') : undefined;
}

/**
 * A saved search's name, when saving and renaming. Its form is `noValidate`: an empty name is
 * refused by the server, in the page's language, not by the browser's English bubble.
 */
export function SavedSearchNameField({
  value,
  refusal,
  onChange,
}: {
  value: string;
  refusal: CodedMessage | undefined;
  onChange: (name: string) => void;
}) {
  const { t, serverText, number } = useI18n();
  return (
    <TextField
      label={t('savedSearches.name')}
      // Said, since the box stops taking characters there (a longer pasted name is cut).
      hint={t('savedSearches.nameHint', { max: number(SAVED_SEARCH_NAME_MAX) })}
      value={value}
      maxLength={SAVED_SEARCH_NAME_MAX}
      required
      autoFocus
      error={refusal && serverText(refusal)}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
