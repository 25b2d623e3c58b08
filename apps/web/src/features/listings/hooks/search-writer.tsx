import { createContext, type ReactNode, useCallback, useContext, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** A search written to the address, and the address it was written from. */
type Written = { from: string; to: string };

const LastWrite = createContext<{ current: Written | null } | null>(null);

/**
 * Shares between a page's filters the search written last, until the address shows it.
 * React Router builds a new search on the parameters of the last render, and a search that
 * React holds back in a transition (a ticked box whose results are still loading) is not
 * rendered yet: a place chosen meanwhile was built on the older address, and the tick was
 * lost without a word.
 */
export function SearchWriterScope({ children }: { children: ReactNode }) {
  const lastWrite = useRef<Written | null>(null);
  return <LastWrite.Provider value={lastWrite}>{children}</LastWrite.Provider>;
}

/**
 * Changes the address's parameters, building on the search written last while the page
 * still shows the address it was written from (its navigation has not landed yet).
 */
export function useSearchWriter() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const shared = useContext(LastWrite);
  const own = useRef<Written | null>(null);
  const lastWrite = shared ?? own;
  const shown = `${pathname}?${params}`;
  return useCallback(
    (change: (params: URLSearchParams) => void, options?: { replace?: boolean }) => {
      const pending = lastWrite.current;
      const updated = new URLSearchParams(pending?.from === shown ? pending.to : params);
      change(updated);
      lastWrite.current = { from: shown, to: updated.toString() };
      setParams(updated, options);
    },
    [lastWrite, shown, params, setParams],
  );
}
