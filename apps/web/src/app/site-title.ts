import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * The page the API served may carry a listing's own title (its link preview, ADR 28). Once
 * the visitor moves to another page in the app, the tab says the site's name again, as every
 * page of the app did before; the first page keeps the title it was served with.
 */
export function useSiteTitleAfterNavigation(siteTitle = 'Basha'): void {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPath.current) document.title = siteTitle;
  }, [pathname, siteTitle]);
}
