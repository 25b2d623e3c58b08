import {
  LISTING_DESCRIPTION_MAX,
  type ListingDetails,
  type ListingFacts,
  type ListingFields,
  ListingFieldsSchema,
  type ListingGalleryPhoto,
  type ListingPlace,
  listingGalleryMessages,
  listingMessages,
  MAX_LISTING_PHOTOS,
  NOT_STATED_FACTS,
  photoMessages,
} from '@basha/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formErrorMessage } from '../../../lib/i18n/coded-message.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import type { SaveListingInput } from '../api/listing-form-data.ts';
import { uploadListingPhoto } from '../api/upload-listing-photo.ts';
import { FACT_FIELDS, factFormValues, ListingFactsFields } from './listing-facts-fields.tsx';
import {
  draftsOf,
  type GalleryDraft,
  ListingPhotosField,
  type PhotoProblem,
} from './listing-photos-field.tsx';
import { ListingPlaceFields, PLACE_FIELDS, placeFormValues } from './listing-place-fields.tsx';

const PROBLEM_MESSAGES: Record<PhotoProblem, string> = {
  tooLarge: listingMessages.photoTooLarge,
  notAnImage: photoMessages.notAnImage,
  unreadable: photoMessages.unreadable,
};

/** The gallery: 1–12 photos, each within the upload limit (none required to keep an empty one). */
const photosField = (required: boolean) =>
  z.custom<GalleryDraft[]>().check(
    z.refine((drafts) => !required || drafts.length > 0, listingMessages.photoRequired),
    z.refine((drafts) => drafts.length <= MAX_LISTING_PHOTOS, listingGalleryMessages.tooMany),
    // The first unusable photo's reason; each such photo's tile names it and says why.
    z.superRefine((drafts, context) => {
      const problem = drafts.find((draft) => draft.problem)?.problem;
      if (problem) context.addIssue({ code: 'custom', message: PROBLEM_MESSAGES[problem] });
    }),
  );

/** The domain's listing fields plus the gallery: required unless it starts empty. */
const formSchemas = {
  required: z.safeExtend(ListingFieldsSchema, { photos: photosField(true) }),
  optional: z.safeExtend(ListingFieldsSchema, { photos: photosField(false) }),
};

type FormSchema = (typeof formSchemas)['required'];
type FormValues = z.input<FormSchema>;
type FieldName = keyof FormValues & string;
const FIELDS: FieldName[] = [
  'title',
  'location',
  'description',
  'priceMin',
  'priceMax',
  'photos',
  ...FACT_FIELDS,
  ...PLACE_FIELDS,
];

/** The server's message for a field; the gallery's come as `photo` (the file) or `photos.N`. */
function serverFieldError(error: ApiError, field: FieldName) {
  if (field !== 'photos') return error.fieldError(field);
  const gallery = error.problem?.errors?.find((e) => e.path.startsWith('photos'));
  return (
    error.fieldError('photo') ??
    (gallery && { text: gallery.message, code: gallery.messageCode, params: gallery.params })
  );
}

/** The list the API takes, or undefined when an update leaves the gallery as it was. */
function galleryToSend(drafts: GalleryDraft[], published: GalleryDraft[], mode: 'add' | 'update') {
  const list = drafts.map((draft) => ({
    key: draft.key as string,
    ...(draft.caption.trim() ? { caption: draft.caption.trim() } : {}),
  }));
  const unchanged =
    drafts.length === published.length &&
    drafts.every(
      (draft, at) => draft.key === published[at]?.key && draft.caption === published[at]?.caption,
    );
  return mode === 'update' && unchanged ? undefined : list;
}

/** The spec shows these two as warning toasts as well as beside the field. */
const PRICE_WARNINGS: string[] = [listingMessages.priceNotNumeric, listingMessages.priceRange];

export type ListingFormProps = {
  mode: 'add' | 'update';
  /** Prefilled values (update). */
  initial?: Pick<ListingFields, 'title' | 'location' | 'description' | 'priceMin' | 'priceMax'>;
  /** The listing's facts and place (update); blank where not stated or to complete. */
  initialFacts?: { facts: ListingFacts; place: ListingPlace };
  /** The gallery the form starts with (update): the listing's, or its edit's awaiting review. */
  currentPhotos?: ListingGalleryPhoto[];
  /**
   * The gallery the public sees (update; default `currentPhotos`): the photos are sent unless
   * the form's are exactly these, so an edit awaiting review keeps its new photos when saved again.
   */
  publicPhotos?: ListingGalleryPhoto[];
  /** Uploads one chosen photo (the API's, unless a test gives its own). */
  uploadPhoto?: typeof uploadListingPhoto;
  /** Why the form cannot be used (fraud agent, rejected or sold listing); disables it. */
  blocked?: ReactNode;
  /** Replaces the submit label while blocked (the spec's "Fraud Agent"). */
  blockedLabel?: string;
  save: (input: SaveListingInput) => Promise<ListingDetails>;
  /** With the listing as the server saved it. */
  onSaved: (saved: ListingDetails) => void;
};

/** The add/update property form: the domain's rules, a photo preview and upload progress. */
export function ListingForm({
  mode,
  initial,
  initialFacts,
  currentPhotos,
  publicPhotos = currentPhotos,
  uploadPhoto = uploadListingPhoto,
  blocked,
  blockedLabel,
  save,
  onSaved,
}: ListingFormProps) {
  const { t, serverText, digits } = useI18n();
  const notify = useNotify();
  const [progress, setProgress] = useState<number | null>(null);
  const [photoProgress, setPhotoProgress] = useState<Record<string, number>>({});
  const [initialPhotos] = useState(() => draftsOf(currentPhotos));
  const [photosPublished] = useState(() => draftsOf(publicPhotos));
  const photosRequired = mode === 'add' || initialPhotos.length > 0;
  const form = useForm<FormValues, unknown, z.output<FormSchema>>({
    resolver: zodResolver(formSchemas[photosRequired ? 'required' : 'optional']),
    // Facts that do not apply to the chosen type are not shown, and then not sent.
    shouldUnregister: true,
    defaultValues: {
      ...factFormValues(initialFacts?.facts ?? NOT_STATED_FACTS),
      ...placeFormValues(initialFacts?.place ?? null),
      title: initial?.title ?? '',
      location: initial?.location ?? '',
      description: initial?.description ?? '',
      priceMin: initial ? String(initial.priceMin) : '',
      priceMax: initial ? String(initial.priceMax) : '',
      photos: initialPhotos,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const errorOf = (field: FieldName) => {
    const message = formErrorMessage(errors[field]);
    return message && serverText(message);
  };

  /** Uploads each chosen photo in turn, its progress on its tile; keeps the keys it gets. */
  const uploadChosen = async (drafts: GalleryDraft[]): Promise<GalleryDraft[]> => {
    const uploaded: GalleryDraft[] = [];
    for (const draft of drafts) {
      if (draft.key || !draft.file) {
        uploaded.push(draft);
        continue;
      }
      const report = (fraction: number) =>
        setPhotoProgress((all) => ({ ...all, [draft.id]: fraction }));
      report(0);
      const { key } = await uploadPhoto(draft.file, report);
      uploaded.push({ ...draft, key });
    }
    // Uploaded once: a second try after a refusal sends the same keys.
    form.setValue('photos', uploaded);
    return uploaded;
  };

  const warnAboutPrices = (invalid: FieldErrors<FormValues>) => {
    const warning = [invalid.priceMin?.message, invalid.priceMax?.message].find(
      (message): message is string => !!message && PRICE_WARNINGS.includes(message),
    );
    if (warning) notify.warning(serverText(warning));
  };

  const submit = form.handleSubmit(async (values) => {
    const { photos, ...fields } = values;
    try {
      const drafts = await uploadChosen(photos);
      setProgress(0);
      const gallery = galleryToSend(drafts, photosPublished, mode);
      onSaved(await save({ fields, photos: gallery, onUploadProgress: setProgress }));
    } catch (error) {
      const field =
        error instanceof ApiError
          ? FIELDS.find((name) => serverFieldError(error, name))
          : undefined;
      const message =
        field && error instanceof ApiError ? serverFieldError(error, field) : undefined;
      // The code goes in `type`, so the field's message is translated by it.
      if (field && message)
        form.setError(field, { type: message.code ?? 'server', message: message.text });
      notify.error(error);
    } finally {
      setProgress(null);
      setPhotoProgress({});
    }
  }, warnAboutPrices);

  const descriptionError = errorOf('description');
  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {blocked ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          {blocked}
        </p>
      ) : null}
      <fieldset
        disabled={!!blocked}
        className="flex min-w-0 flex-col gap-4 [&_input:disabled]:bg-slate-100 [&_textarea:disabled]:bg-slate-100"
      >
        <TextField
          label={t('listingForm.title')}
          error={errorOf('title')}
          {...form.register('title')}
        />
        <TextField
          label={t('listingForm.location')}
          error={errorOf('location')}
          {...form.register('location')}
        />
        <ListingPlaceFields
          register={(field) => form.register(field)}
          division={form.watch('division') as string | undefined}
          district={form.watch('district') as string | undefined}
          clear={(field) => form.setValue(field, '')}
          errorOf={errorOf}
        />
        <TextAreaField
          label={t('listingForm.description')}
          rows={5}
          maxLength={LISTING_DESCRIPTION_MAX}
          error={descriptionError}
          {...form.register('description')}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={t('listingForm.priceMin')}
            hint={t('listingForm.priceMinHint')}
            inputMode="numeric"
            // An example, in the reader's digits as the hint below it writes them.
            placeholder={digits(5000)}
            error={errorOf('priceMin')}
            {...form.register('priceMin')}
          />
          <TextField
            label={t('listingForm.priceMax')}
            hint={t('listingForm.priceMaxHint')}
            inputMode="numeric"
            placeholder={digits(5100)}
            error={errorOf('priceMax')}
            {...form.register('priceMax')}
          />
        </div>
        <ListingFactsFields
          register={(field) => form.register(field)}
          type={form.watch('type') as string | undefined}
          completion={form.watch('completion') as string | undefined}
          errorOf={errorOf}
        />
        <Controller
          control={form.control}
          name="photos"
          render={({ field }) => (
            <ListingPhotosField
              label={t('listingForm.photo')}
              hint={photosRequired && mode === 'update' ? t('photos.keepHint') : t('photos.hint')}
              error={errorOf('photos')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              progress={photoProgress}
            />
          )}
        />
        {uploading ? (
          <div className="flex flex-col gap-1">
            <progress
              value={percent}
              max={100}
              aria-label={t('listingForm.uploadProgress')}
              className="h-2 w-full accent-emerald-700"
            />
            <p role="status" className="text-sm text-slate-700">
              {t('listingForm.uploading', { percent })}
            </p>
          </div>
        ) : null}
        <Button type="submit" busy={isSubmitting} className="self-start">
          {blocked && blockedLabel
            ? blockedLabel
            : mode === 'add'
              ? t('listingForm.add')
              : t('listingForm.save')}
        </Button>
      </fieldset>
    </form>
  );
}
