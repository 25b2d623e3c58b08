import { listingBrowseFiltersFrom } from '@basha/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { BrowseFilters } from '../api/keys.ts';

export const FILTER_PARAMS = ['location', 'minPrice', 'maxPrice', 'sort'] as const;

/**
 * The all-properties filters live in the address (?location=…&minPrice=…&maxPrice=…&sort=…),
 * so a search can be shared and survives a reload.
 */
export function useBrowseFilters(): { filters: BrowseFilters; priceOrderWrong: boolean } {
  const [params] = useSearchParams();
  return listingBrowseFiltersFrom(params);
}

/**
 * A text box bound to one address parameter: it shows what is typed at once and writes it to
 * the address after a pause; when the address changes otherwise (Reset, Back), it follows.
 */
export function useDebouncedSearchParam(name: string, delay = SEARCH_DEBOUNCE_MS) {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(name) ?? '';
  const [draft, setDraft] = useState(inAddress);
  const written = useRef(inAddress);
  // The latest setter (its identity changes with every address change) without restarting
  // the pause each time another filter updates the address.
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;

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
    setParamsRef.current(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(name, next);
        else updated.delete(name);
        return updated;
      },
      { replace: true },
    );
  }, [settled, name]);

  return [draft, setDraft] as const;
}

/** Sets (or clears) address parameters at once, replacing the history entry. */
export function useSetSearchParams() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) updated.set(key, value);
            else updated.delete(key);
          }
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
}
