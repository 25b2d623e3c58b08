import type { ReactNode } from 'react';

/**
 * The frame of a menu or panel opened from a button: it closes when focus leaves it (a
 * click elsewhere, Tab past its last control) or on Escape, so keyboard and pointer users
 * dismiss it the same way.
 */
export function Dismissable({
  onDismiss,
  children,
}: {
  onDismiss: () => void;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the frame or Escape closes it; the controls inside are buttons and links
    <div
      className="relative"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onDismiss();
      }}
      onKeyDown={(event) => event.key === 'Escape' && onDismiss()}
    >
      {children}
    </div>
  );
}
