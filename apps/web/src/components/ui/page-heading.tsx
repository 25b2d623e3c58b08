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
  return (
    <h1 id={id} className={className}>
      {children}
    </h1>
  );
}
