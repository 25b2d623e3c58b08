import { type ReactNode, useId } from 'react';

/**
 * A white card with a titled section inside a page (the offer form, the payment summary, the
 * card payment): the heading names the section for screen readers.
 */
export function Panel({
  title,
  spacing = 'gap-4',
  children,
}: {
  title: ReactNode;
  /** Space between the heading and what follows. */
  spacing?: 'gap-3' | 'gap-4';
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={`flex flex-col ${spacing} rounded-lg bg-white p-6 shadow-sm`}
    >
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
