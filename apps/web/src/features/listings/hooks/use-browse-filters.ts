import { LISTING_SEARCH_PARAMS, listingBrowseFiltersFrom } from '@basha/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { BrowseFilters } from '../api/keys.ts';
import { useSearchWriter } from './search-writer.tsx';

/** Every parameter of a search (the domain's link): what Reset clears. */
export const FILTER_PARAMS = LISTING_SEARCH_PARAMS;

/**
 * The all-properties filters live in the address (?location=…&types=…&minBedrooms=…&sort=…),
 * so a search can be shared and survives a reload. The domain reads it, as the API's page
 * shell does for the first page it answers ahead.
 */
export function useBrowseFilters(): ReturnType<typeof listingBrowseFiltersFrom> & {
  filters: BrowseFilters;
} {
  const [params] = useSearchParams();
  return listingBrowseFiltersFrom(params);
}

/**
 * A text box bound to one address parameter: it shows what is typed at once and writes it to
 * the address after a pause; when the address changes otherwise (Reset, Back), it follows.
 */
export function useDebouncedSearchParam(name: string, delay = SEARCH_DEBOUNCE_MS) {
  const [params] = useSearchParams();
  const write = useSearchWriter();
  const inAddress = params.get(name) ?? '';
  const [draft, setDraft] = useState(inAddress);
  const written = useRef(inAddress);
  // The latest writer (its identity changes with every address change) without restarting
  // the pause each time another filter updates the address.
  const writeRef = useRef(write);
  writeRef.current = write;

  useEffect(() => {
    if (inAddress !== written.current) {
      written.current = inAddress;
      setDraft(inAddress);
    }
  }, [inAddress]);

  const settled = useDebouncedValue(draft, delay);
  useEffect(() => {
    const next = settled.trim() === '' ? '' : settled;
    if (next === written.current) return;
    written.current = next;
    writeRef.current(
      (updated) => {
        if (next) updated.set(name, next);
        else updated.delete(name);
      },
      { replace: true },
    );
  }, [settled, name]);

  return [draft, setDraft] as const;
}

/**
 * Sets address parameters (a list for a parameter given several times, null to clear) as a
 * new history entry, so Back returns to the search before: for choices made in one step
 * (a checkbox, a list), where each change is a search of its own.
 */
export function usePushSearchParams() {
  const write = useSearchWriter();
  return useCallback(
    (changes: Record<string, string | readonly string[] | null>) =>
      write((updated) => {
        for (const [key, value] of Object.entries(changes)) {
          updated.delete(key);
          const values = value === null ? [] : typeof value === 'string' ? [value] : value;
          for (const one of values) if (one) updated.append(key, one);
        }
      }),
    [write],
  );
}
