import { useRef } from 'react';
import { useFocusAfterNavigation } from '../../lib/focus-after-navigation.ts';
import { usePageTitle } from '../../lib/page-title.ts';

/**
 * A page's one <h1>, which also names the browser tab ("Wishlist | Basha"): the heading and
 * the title say the same words in the same language by construction.
 */
export function PageHeading({
  children,
  id,
  className = 'text-2xl font-bold text-slate-900',
}: {
  children: string;
  id?: string;
  className?: string;
}) {
  usePageTitle(children);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusAfterNavigation(heading);
  return (
    // Focusable by script only, to take the focus after a navigation (no ring: not a control).
    <h1 ref={heading} id={id} tabIndex={-1} className={`${className} focus:outline-none`}>
      {children}
    </h1>
  );
}
