import type { ListingGalleryPhoto } from '@basha/domain';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

/** How far a finger must travel sideways to turn the page, in CSS pixels. */
const SWIPE_PX = 50;

/**
 * The full-screen gallery: ← and → (and the buttons, and a swipe) page through the photos,
 * round from the last to the first; Escape or Close closes it. Loaded on first opening only.
 * A native <dialog> opened with showModal(), as the app's other dialogs: the page behind is
 * inert, so Tab stays among the viewer's own buttons.
 */
export default function ListingGalleryViewer({
  title,
  photos,
  startAt,
  onClose,
}: {
  title: string;
  photos: ListingGalleryPhoto[];
  startAt: number;
  onClose: () => void;
}) {
  const { t, number } = useI18n();
  const [at, setAt] = useState(startAt);
  const swipeFrom = useRef<number | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const count = photos.length;
  const photo = photos[at] ?? (photos[0] as ListingGalleryPhoto);

  // Closed first, so the page is no longer inert when focus goes back to it.
  const close = useCallback(() => {
    dialog.current?.close();
    onClose();
  }, [onClose]);

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
    closeButton.current?.focus();
    const page = (step: number) => setAt((current) => (current + step + count) % count);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') page(1);
      else if (event.key === 'ArrowLeft') page(-1);
      else if (event.key === 'Escape') close();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    // The page behind does not scroll while the viewer covers it.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [close, count]);
  const page = (step: number) => setAt((current) => (current + step + count) % count);

  const swipeEnd = (event: PointerEvent) => {
    if (swipeFrom.current === null) return;
    const moved = event.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (Math.abs(moved) >= SWIPE_PX) page(moved < 0 ? 1 : -1);
  };

  const position = t('gallery.position', { n: number(at + 1), count: number(count) });
  return (
    <dialog
      ref={dialog}
      aria-label={t('gallery.viewer', { title })}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      className="fixed inset-0 z-50 m-0 flex h-full max-h-none w-full max-w-none flex-col border-0 bg-black/95 p-0 text-white backdrop:bg-black/95"
    >
      <div className="flex items-center justify-between gap-2 p-2">
        <p aria-live="polite" className="px-2 text-sm">
          {position}
        </p>
        <button
          ref={closeButton}
          type="button"
          onClick={close}
          className="min-h-11 rounded-md px-4 font-medium hover:bg-white/10"
        >
          {t('gallery.close')}
        </button>
      </div>
      <div
        className="relative flex flex-1 touch-pan-y items-center justify-center overflow-hidden"
        onPointerDown={(event) => {
          swipeFrom.current = event.clientX;
        }}
        onPointerUp={swipeEnd}
        onPointerCancel={() => {
          swipeFrom.current = null;
        }}
      >
        <img
          key={photo.key}
          src={photo.url}
          srcSet={photo.srcset}
          sizes="100vw"
          width={photo.width}
          height={photo.height}
          alt={photo.caption || t('photos.photoN', { n: number(at + 1) })}
          draggable={false}
          className="max-h-full max-w-full object-contain select-none"
        />
        {count > 1 ? (
          <>
            <PageButton side="left" label={t('gallery.previous')} onClick={() => page(-1)} />
            <PageButton side="right" label={t('gallery.next')} onClick={() => page(1)} />
          </>
        ) : null}
      </div>
      {photo.caption ? <p className="p-3 text-center">{photo.caption}</p> : null}
    </dialog>
  );
}

function PageButton({
  side,
  label,
  onClick,
}: {
  side: 'left' | 'right';
  label: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`absolute top-1/2 ${side === 'left' ? 'left-2' : 'right-2'} min-h-11 min-w-11 -translate-y-1/2 rounded-full bg-black/60 text-2xl hover:bg-black/80`}
    >
      <span aria-hidden="true">{side === 'left' ? '‹' : '›'}</span>
    </button>
  );
}
