import { LISTING_PHOTO_SIZES, type ListingDetails, type ListingGalleryPhoto } from '@basha/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

// The full-screen viewer's code is fetched only when someone opens it.
const ListingGalleryViewer = lazy(() => import('./listing-gallery-viewer.tsx'));

/** The gallery, or the cover alone for a listing whose gallery was not read. */
function photosOf(listing: Pick<ListingDetails, 'photo' | 'photos'>): ListingGalleryPhoto[] {
  return listing.photos.length > 0
    ? listing.photos
    : [{ ...listing.photo, key: 'cover', position: 0, caption: null }];
}

/** The photo the full-screen viewer shows, kept in the history entry's state; null when closed. */
function viewerAtOf(state: unknown): number | null {
  const at = (state as { galleryAt?: unknown } | null)?.galleryAt;
  return typeof at === 'number' ? at : null;
}

/**
 * The details page's photos: the main photo (the cover first, eager, as the first-page hints
 * preload it), thumbnails loaded lazily, and a full-screen viewer. Sizes are reserved from
 * each photo's width and height, so nothing moves as they arrive.
 *
 * The viewer is a history entry of its own (same address, `galleryAt` in its state): a phone's
 * Back button closes it, as it closes every full-screen view, instead of leaving the page.
 */
export function ListingGallery({ listing }: { listing: ListingDetails }) {
  const { t, number } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const photos = photosOf(listing);
  const [shown, setShown] = useState(0);
  const viewerAt = viewerAtOf(location.state);
  const opener = useRef<HTMLButtonElement>(null);
  // Whether this page pushed the viewer's entry: only then is closing it a step back.
  const pushedViewer = useRef(false);
  const viewerWasOpen = useRef(viewerAt !== null);
  const main = photos[shown] ?? (photos[0] as ListingGalleryPhoto);
  const count = number(photos.length);
  const altOf = (photo: ListingGalleryPhoto, index: number) =>
    index === 0 && !photo.caption
      ? listing.title
      : photo.caption || t('photos.photoN', { n: number(index + 1) });

  const open = (at: number) => {
    pushedViewer.current = true;
    navigate(location, { state: { ...(location.state ?? {}), galleryAt: at } });
  };
  const close = () => {
    if (pushedViewer.current) {
      pushedViewer.current = false;
      navigate(-1);
    } else {
      // Opened before a reload: its entry stays in the history, without the viewer.
      navigate(location, { replace: true, state: { ...(location.state ?? {}), galleryAt: null } });
    }
  };
  // However it closed (Close, Escape, Back), focus returns to the photo that opened it.
  useEffect(() => {
    if (viewerWasOpen.current && viewerAt === null) opener.current?.focus();
    viewerWasOpen.current = viewerAt !== null;
  }, [viewerAt]);

  return (
    <section className="flex flex-col gap-2">
      <button
        ref={opener}
        type="button"
        onClick={() => open(shown)}
        aria-label={t('gallery.open', { count })}
        className="block cursor-zoom-in overflow-hidden rounded-lg shadow-sm"
      >
        <img
          src={main.url}
          srcSet={main.srcset}
          sizes={LISTING_PHOTO_SIZES.details}
          width={main.width}
          height={main.height}
          alt={altOf(main, shown)}
          fetchPriority={shown === 0 ? 'high' : undefined}
          decoding="async"
          // At most 60% of the screen's height, so the thumbnails and the title show too.
          className="aspect-[3/2] max-h-[60vh] w-full bg-slate-200 object-cover"
        />
      </button>
      {main.caption ? <p className="text-sm text-slate-700">{main.caption}</p> : null}
      {photos.length > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {photos.map((photo, index) => (
            <li key={photo.key} className="shrink-0">
              <button
                type="button"
                aria-label={t('gallery.show', { n: number(index + 1) })}
                aria-pressed={index === shown}
                onClick={() => setShown(index)}
                className={`block overflow-hidden rounded border-2 ${index === shown ? 'border-emerald-700' : 'border-transparent'}`}
              >
                <img
                  src={photo.srcset.split(' ')[0] ?? photo.url}
                  width={photo.width}
                  height={photo.height}
                  alt={photo.caption || t('photos.photoN', { n: number(index + 1) })}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[3/2] h-14 w-auto bg-slate-200 object-cover sm:h-16"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {viewerAt !== null ? (
        <Suspense fallback={null}>
          <ListingGalleryViewer
            title={listing.title}
            photos={photos}
            startAt={viewerAt}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
