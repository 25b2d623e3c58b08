import type { ReactNode } from 'react';

/**
 * A drawn line icon on a 24-unit grid in the text's colour, hidden from screen readers (the
 * control or text beside it says what it is). Drawn rather than an emoji, which shows as an
 * empty box where no emoji font is installed.
 */
export function LineIcon({ className, children }: { className: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      aria-hidden
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
