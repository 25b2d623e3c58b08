import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The site's name, as the served page head has it (and a listing's link preview, ADR 28). */
export const SITE_NAME = 'Basha';

/** A page's tab title: "Wishlist | Basha", the served listing head's form; the site alone without one. */
export function tabTitle(pageTitle?: string): string {
  return pageTitle ? `${pageTitle} | ${SITE_NAME}` : SITE_NAME;
}

/**
 * Names the tab, the history list and a screen reader's page announcement after the page
 * (WCAG 2.4.2), in the page's language. A passive effect, so it runs after the layout's
 * reset below in the same commit: the page's title wins.
 */
export function usePageTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = tabTitle(pageTitle);
  }, [pageTitle]);
}

/**
 * On every navigation the tab says the site's name until the new page names itself: a page
 * still loading its data must not keep the previous page's title. A layout effect, run before
 * any page's passive `usePageTitle`. The first page keeps the title it was served with (a
 * listing's own, ADR 28) until it names itself.
 */
export function useTitleResetOnNavigation(): void {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useLayoutEffect(() => {
    if (pathname !== firstPath.current) document.title = SITE_NAME;
  }, [pathname]);
}
