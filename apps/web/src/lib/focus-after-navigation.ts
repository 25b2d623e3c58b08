import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Set on a move to another page; the new page's heading takes the focus and clears it. */
let headingShouldTakeFocus = false;

/**
 * In the app's layout: a move to another page asks the new page's heading for the focus. The
 * link or button that was used is gone (the focus fell to the page's start) or belongs to the
 * menu left behind, and a screen reader said nothing of the new page (WCAG 2.4.3). Not on a
 * visit's first page, and not when only the query changes (a filter).
 */
export function useFocusRequestOnNavigation(): void {
  const { pathname } = useLocation();
  const firstPage = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (pathname) asks, a new query does not
  useLayoutEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    headingShouldTakeFocus = true;
  }, [pathname]);
}

/**
 * A page's heading takes the focus a navigation asked for, once it is drawn (after the page's
 * data, perhaps), unless the page focused a field or a dialog itself. Without scrolling: the
 * scroll position is the scroll restoration's to set.
 */
export function useFocusAfterNavigation(heading: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!headingShouldTakeFocus || !heading.current) return;
    headingShouldTakeFocus = false;
    if (document.activeElement?.matches('input, textarea, select, dialog *')) return;
    heading.current.focus({ preventScroll: true });
  });
}
