import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each history entry was scrolled to, by the router's key of the entry. */
const STORAGE_KEY = 'basha:scroll-positions';
/** How long a restored position keeps being tried while the page's content grows into it. */
const RESTORE_FOR_MS = 1000;

function savedPositions(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    return new Map(Object.entries(saved));
  } catch {
    return new Map();
  }
}

/**
 * The browser's own scroll restoration, for the single-page app: a new page starts at the
 * top (or at its #fragment); Back and Forward return to where that page was left. React
 * Router's <ScrollRestoration> needs its data router, which the app does not use (router.tsx).
 * A change of the query alone (a filter, a search) is the same page: it keeps its position.
 * It wraps the pages (`children`) rather than sitting beside them (main.tsx).
 */
export function ScrollRestoration({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number>>(null);
  positions.current ??= savedPositions();
  const currentKey = useRef(location.key);
  const previousPathname = useRef<string | null>(null);

  useEffect(() => {
    // The app settles every position itself: the browser's guess comes before the page is there.
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        positions.current?.set(currentKey.current, window.scrollY),
      );
    };
    // A reload or a visit to another site and back keeps the positions of this tab's history.
    const persist = () => {
      const kept = Object.fromEntries(positions.current ?? []);
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
      } catch {
        // Storage full or refused: positions are then kept for this visit only.
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    // A page the server rendered may have been scrolled before the app took it over (ADR 35):
    // where it is now counts as well as where it goes next.
    remember();
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const samePage = previousPathname.current === location.pathname;
    const firstRender = previousPathname.current === null;
    previousPathname.current = location.pathname;
    // The first page of a document is a POP with the key "default" whether the tab came back
    // to it (reload, Back from another site) or an address was typed or a link opened here:
    // only the first returns to a position; the others start like any new page.
    const returning = !firstRender || documentReturnedTo();
    const saved = returning ? positions.current?.get(location.key) : undefined;
    if (navigationType === 'POP' && saved !== undefined) return restore(saved);
    if (firstRender || samePage) return;
    const target =
      location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigationType]);

  return children;
}

/** Whether this document was reloaded or reached by Back or Forward, not by a new address. */
function documentReturnedTo(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'reload' || navigation?.type === 'back_forward';
}

/**
 * Scrolls back to `top`. The page may still be growing (its photos, its next rows from the
 * cache): until it is tall enough, it is tried again on each frame for a moment, unless the
 * reader scrolls first.
 */
function restore(top: number): () => void {
  const until = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchmove', stop);
    window.removeEventListener('keydown', stop);
  };
  const attempt = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) <= 1 || performance.now() > until) return stop();
    frame = requestAnimationFrame(attempt);
  };
  window.addEventListener('wheel', stop, { passive: true });
  window.addEventListener('touchmove', stop, { passive: true });
  window.addEventListener('keydown', stop);
  attempt();
  return stop;
}
