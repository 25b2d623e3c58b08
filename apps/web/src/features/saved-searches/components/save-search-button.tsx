import { listingSearchFromParams, type SavedSearchFrequency } from '@basha/domain';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import type { CodedMessage } from '../../../lib/i18n/coded-message.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { useSaveSearch } from '../api/saved-searches.ts';
import { FrequencySelect } from './frequency-select.tsx';
import { nameRefusalOf, SavedSearchNameField } from './saved-search-name-field.tsx';

/**
 * "Save this search" on All Properties, for signed-in readers: the search in the address
 * (as the page reads it) is kept under a name; the server reads it with the same schema.
 */
export function SaveSearchButton() {
  const { t } = useI18n();
  const me = useMe();
  const notify = useNotify();
  const [params] = useSearchParams();
  const save = useSaveSearch();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<CodedMessage>();
  const [frequency, setFrequency] = useState<SavedSearchFrequency>('instant');
  if (!me.data) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({ name, frequency, search: listingSearchFromParams(params).search });
    } catch (error) {
      const refused = nameRefusalOf(error);
      if (refused) setNameError(refused);
      else notify.error(error);
      return;
    }
    notify.success(t('savedSearches.saved'));
    setOpen(false);
    setName('');
  };

  if (!open) {
    return (
      <Button variant="secondary" className="self-start" onClick={() => setOpen(true)}>
        {t('savedSearches.save')}
      </Button>
    );
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('savedSearches.save')}
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <SavedSearchNameField
        value={name}
        refusal={nameError}
        onChange={(changed) => {
          setName(changed);
          setNameError(undefined);
        }}
      />
      <FrequencySelect value={frequency} onChange={setFrequency} />
      <Button type="submit" busy={save.isPending}>
        {t('savedSearches.saveConfirm')}
      </Button>
      <Button variant="ghost" onClick={() => setOpen(false)}>
        {t('savedSearches.cancel')}
      </Button>
    </form>
  );
}
