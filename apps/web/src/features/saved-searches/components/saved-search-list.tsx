import {
  type ListingSearch,
  listingSearchParams,
  type SavedSearch,
  savedSearchFilters,
} from '@basha/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useDialogs } from '../../../components/ui/confirm-dialog.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import type { CodedMessage } from '../../../lib/i18n/coded-message.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { searchSummaryParts } from '../../listings/search-summary.ts';
import {
  useChangeSavedSearch,
  useDeleteSavedSearch,
  useSavedSearches,
} from '../api/saved-searches.ts';
import { FrequencySelect } from './frequency-select.tsx';
import { nameRefusalOf, SavedSearchNameField } from './saved-search-name-field.tsx';

/** The address of All Properties showing a saved search. */
function searchLink(search: ListingSearch | undefined): string {
  const query = listingSearchParams(search ?? {}).toString();
  return query ? `${paths.allProperties}?${query}` : paths.allProperties;
}

/** The dashboard's saved searches: open, rename, change frequency, delete. */
export function SavedSearchList() {
  const { t } = useI18n();
  const searches = useSavedSearches();
  return (
    <QueryState query={searches}>
      {(items) =>
        items.length === 0 ? (
          <p className="rounded-lg bg-white p-8 text-center text-lg text-slate-700">
            {t('savedSearches.none')}
          </p>
        ) : (
          <ul className="flex flex-col gap-4">
            {items.map((saved) => (
              <li key={saved.id}>
                <SavedSearchEntry saved={saved} />
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

function SavedSearchEntry({ saved }: { saved: SavedSearch }) {
  const i18n = useI18n();
  const { t, date } = i18n;
  const search = savedSearchFilters(saved.search);
  const notify = useNotify();
  const dialogs = useDialogs();
  const change = useChangeSavedSearch();
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(saved.name);
  const [nameError, setNameError] = useState<CodedMessage>();

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await change.mutateAsync({ id: saved.id, change: { name } });
    } catch (error) {
      const refused = nameRefusalOf(error);
      if (refused) setNameError(refused);
      else notify.error(error);
      return;
    }
    notify.success(t('savedSearches.renamed'));
    setRenaming(false);
  };
  const deleteIt = async () => {
    const confirmed = await dialogs.confirm({
      title: t('savedSearches.confirmDelete'),
      text: saved.name,
      confirmLabel: t('savedSearches.confirmDeleteYes'),
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(saved.id);
      notify.success(t('savedSearches.deleted'));
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    // A name or a searched term without spaces breaks anywhere rather than widen the page.
    <article className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm [overflow-wrap:anywhere]">
      {renaming ? (
        <form onSubmit={rename} noValidate className="flex flex-wrap items-end gap-3">
          <SavedSearchNameField
            value={name}
            refusal={nameError}
            onChange={(changed) => {
              setName(changed);
              setNameError(undefined);
            }}
          />
          <Button type="submit" busy={change.isPending}>
            {t('savedSearches.renameSave')}
          </Button>
          <Button variant="ghost" onClick={() => setRenaming(false)}>
            {t('savedSearches.cancel')}
          </Button>
        </form>
      ) : (
        <h2 className="text-lg font-bold text-slate-900">{saved.name}</h2>
      )}
      {/* What it looks for, so searches with like names tell apart without opening them. */}
      <p className="text-slate-800">
        {search ? searchSummaryParts(search, i18n).join(' · ') : t('savedSearches.noLongerValid')}
      </p>
      <p className="text-sm text-slate-600">
        {t('savedSearches.savedOn', { date: date(saved.createdAt) })}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <FrequencySelect
          value={saved.frequency}
          disabled={change.isPending}
          onChange={async (frequency) => {
            try {
              await change.mutateAsync({ id: saved.id, change: { frequency } });
              notify.success(t('savedSearches.frequencyChanged'));
            } catch (error) {
              notify.error(error);
            }
          }}
        />
        <Link
          to={searchLink(search)}
          className="inline-flex min-h-10 items-center rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50"
        >
          {t('savedSearches.open')}
        </Link>
        {renaming ? null : (
          <Button variant="secondary" onClick={() => setRenaming(true)}>
            {t('savedSearches.rename')}
          </Button>
        )}
        <Button
          variant="danger"
          aria-label={t('savedSearches.deleteOf', { name: saved.name })}
          busy={remove.isPending}
          onClick={deleteIt}
        >
          {t('savedSearches.delete')}
        </Button>
      </div>
    </article>
  );
}
