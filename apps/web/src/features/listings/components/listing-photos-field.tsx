import {
  ACCEPTED_PHOTO_TYPES,
  LISTING_PHOTO_CAPTION_MAX,
  type ListingGalleryPhoto,
  MAX_UPLOAD_BYTES,
  photoMessages,
} from '@basha/domain';
import { type ChangeEvent, type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

/**
 * One photo of the gallery being edited: a kept or uploaded one has its `key`; a chosen file
 * gets one when the form uploads it.
 */
export type GalleryDraft = {
  id: string;
  caption: string;
  key?: string;
  file?: File;
  /** What the tile shows: the kept photo's smallest variant, or the chosen file. */
  previewUrl: string;
  width: number;
  height: number;
  /**
   * Why a chosen file cannot be used, found before any upload: its type, its size, or a
   * preview the browser could not draw (a text file named .jpg). Its tile says so.
   */
  problem?: PhotoProblem;
};

export type PhotoProblem = keyof Pick<
  typeof photoMessages,
  'notAnImage' | 'tooLarge' | 'unreadable'
>;

let draftsMade = 0;
function draftId(): string {
  draftsMade += 1;
  return `photo-${draftsMade}`;
}

/** The gallery a listing has, as drafts the form starts from. */
export function draftsOf(photos: readonly ListingGalleryPhoto[] = []): GalleryDraft[] {
  return photos.map((photo) => ({
    id: draftId(),
    key: photo.key,
    caption: photo.caption ?? '',
    previewUrl: photo.srcset.split(' ')[0] ?? photo.url,
    width: photo.width,
    height: photo.height,
  }));
}

function draftOfFile(file: File): GalleryDraft {
  const canPreview = typeof URL.createObjectURL === 'function';
  const problem: PhotoProblem | undefined = !ACCEPTED_PHOTO_TYPES.split(',').includes(file.type)
    ? 'notAnImage'
    : file.size > MAX_UPLOAD_BYTES
      ? 'tooLarge'
      : undefined;
  return {
    id: draftId(),
    file,
    caption: '',
    previewUrl: canPreview ? URL.createObjectURL(file) : '',
    width: 1200,
    height: 800,
    ...(problem ? { problem } : {}),
  };
}

function releasePreview(draft: GalleryDraft): void {
  if (draft.file && draft.previewUrl && typeof URL.revokeObjectURL === 'function') {
    URL.revokeObjectURL(draft.previewUrl);
  }
}

export type ListingPhotosFieldProps = {
  label: string;
  hint: string;
  error?: string;
  value: GalleryDraft[];
  onChange: (drafts: GalleryDraft[]) => void;
  /** Upload progress (0–1) of the photos being uploaded, by draft id. */
  progress: Record<string, number>;
  onBlur?: () => void;
};

/**
 * The add/update form's photos: several files chosen at once, each shown as a tile with its
 * caption and upload progress; reordered by dragging or with the move buttons (announced to
 * screen readers), removed one by one. The first is the cover.
 */
export function ListingPhotosField({
  label,
  hint,
  error,
  value,
  onChange,
  progress,
  onBlur,
}: ListingPhotosFieldProps) {
  const { t, number, serverText } = useI18n();
  const id = useId();
  const [announcement, setAnnouncement] = useState('');
  const dragged = useRef<number | null>(null);
  const latest = useRef(value);
  latest.current = value;
  // Chosen files' previews are released when the form goes away.
  useEffect(() => () => latest.current.forEach(releasePreview), []);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // The same file may be chosen again after a removal.
    event.target.value = '';
    if (files.length > 0) onChange([...value, ...files.map(draftOfFile)]);
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= value.length || from === to) return;
    const next = [...value];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    onChange(next);
    setAnnouncement(t('photos.moved', { n: number(to + 1), count: number(next.length) }));
  };

  const remove = (index: number) => {
    const removed = value[index];
    if (removed) releasePreview(removed);
    const next = value.filter((_, at) => at !== index);
    onChange(next);
    setAnnouncement(t('photos.removed', { count: number(next.length) }));
  };

  const caption = (index: number, text: string) =>
    onChange(value.map((draft, at) => (at === index ? { ...draft, caption: text } : draft)));

  // By id, from the latest list: the preview fails after the choice has rendered. Not for
  // AVIF, which the server reads but some browsers still in use cannot preview.
  const unreadable = (id: string) =>
    onChange(
      latest.current.map((draft) =>
        draft.id === id && draft.file && draft.file.type !== 'image/avif' && !draft.problem
          ? { ...draft, problem: 'unreadable' }
          : draft,
      ),
    );

  const dropOn = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged.current !== null) move(dragged.current, index);
    dragged.current = null;
  };

  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept={ACCEPTED_PHOTO_TYPES}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={choose}
        onBlur={onBlur}
        className={`w-full rounded-md border px-3 py-2 text-slate-900 ${error ? 'border-red-700' : 'border-slate-400'}`}
      />
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
        {value.length > 1 ? ` ${t('photos.dragHint')}` : ''}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {value.length > 0 ? (
        <ol aria-label={t('photos.list')} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {value.map((draft, index) => {
            const n = number(index + 1);
            const uploading = progress[draft.id];
            return (
              <li
                key={draft.id}
                draggable
                onDragStart={() => {
                  dragged.current = index;
                }}
                onDragOver={(event) => event.preventDefault()}
                onDrop={dropOn(index)}
                data-testid="gallery-draft"
                className={`flex flex-col gap-2 rounded-md border bg-white p-2 ${draft.problem ? 'border-2 border-red-700' : 'border-slate-300'}`}
              >
                <div className="relative">
                  <img
                    src={draft.previewUrl || undefined}
                    width={draft.width}
                    height={draft.height}
                    alt={
                      draft.key
                        ? draft.caption || t('photos.photoN', { n })
                        : t('photos.previewNew', { n })
                    }
                    className="aspect-[3/2] w-full rounded bg-slate-200 object-cover"
                    onError={draft.file ? () => unreadable(draft.id) : undefined}
                  />
                  {index === 0 ? (
                    <span className="absolute top-1 left-1 rounded bg-emerald-800 px-2 py-0.5 text-xs font-medium text-white">
                      {t('photos.cover')}
                    </span>
                  ) : null}
                </div>
                {draft.problem ? (
                  <p className="text-sm font-medium text-red-700">
                    {t('photos.problem', {
                      n,
                      name: draft.file?.name ?? '',
                      reason: serverText(photoMessages[draft.problem]),
                    })}
                  </p>
                ) : null}
                {uploading !== undefined ? (
                  <progress
                    value={Math.round(uploading * 100)}
                    max={100}
                    aria-label={t('photos.uploadProgress', { n })}
                    className="h-2 w-full accent-emerald-700"
                  />
                ) : null}
                <label className="flex flex-col gap-1 text-sm text-slate-800">
                  {t('photos.caption', { n })}
                  <input
                    type="text"
                    value={draft.caption}
                    maxLength={LISTING_PHOTO_CAPTION_MAX}
                    onChange={(event) => caption(index, event.target.value)}
                    className="rounded-md border border-slate-400 px-2 py-1 text-slate-900"
                  />
                </label>
                <div className="flex flex-wrap gap-2">
                  <TileButton
                    label={t('photos.moveUp', { n })}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    ↑
                  </TileButton>
                  <TileButton
                    label={t('photos.moveDown', { n })}
                    disabled={index === value.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </TileButton>
                  <TileButton label={t('photos.remove', { n })} onClick={() => remove(index)}>
                    ✕
                  </TileButton>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <p aria-live="polite" role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function TileButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="min-h-11 min-w-11 rounded-md border border-slate-400 px-3 text-slate-900 hover:bg-slate-100 disabled:opacity-40"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
