import {
  ACCEPTED_PHOTO_TYPES,
  LISTING_DESCRIPTION_MAX,
  type ListingFacts,
  type ListingFields,
  ListingFieldsSchema,
  type ListingPhoto,
  type ListingPlace,
  listingMessages,
  MAX_UPLOAD_BYTES,
  NOT_STATED_FACTS,
} from '@basha/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formErrorMessage } from '../../../lib/i18n/coded-message.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import type { SaveListingInput } from '../api/listing-form-data.ts';
import { FACT_FIELDS, factFormValues, ListingFactsFields } from './listing-facts-fields.tsx';
import { ListingPlaceFields, PLACE_FIELDS, placeFormValues } from './listing-place-fields.tsx';

const photoField = (required: boolean) =>
  z.custom<FileList | undefined>().check(
    z.refine(
      (files) => !required || (files instanceof FileList && files.length === 1),
      listingMessages.photoRequired,
    ),
    z.refine(
      (files) => !(files?.[0] && files[0].size > MAX_UPLOAD_BYTES),
      listingMessages.photoTooLarge,
    ),
  );

/** The domain's listing fields plus the photo: required when adding, optional when updating. */
const formSchemas = {
  add: z.safeExtend(ListingFieldsSchema, { photo: photoField(true) }),
  update: z.safeExtend(ListingFieldsSchema, { photo: photoField(false) }),
};

type FormSchema = (typeof formSchemas)['add'];
type FormValues = z.input<FormSchema>;
type FieldName = keyof FormValues & string;
const FIELDS: FieldName[] = [
  'title',
  'location',
  'description',
  'priceMin',
  'priceMax',
  'photo',
  ...FACT_FIELDS,
  ...PLACE_FIELDS,
];

/** The spec shows these two as warning toasts as well as beside the field. */
const PRICE_WARNINGS: string[] = [listingMessages.priceNotNumeric, listingMessages.priceRange];

export type ListingFormProps = {
  mode: 'add' | 'update';
  /** Prefilled values (update). */
  initial?: Pick<ListingFields, 'title' | 'location' | 'description' | 'priceMin' | 'priceMax'>;
  /** The listing's facts and place (update); blank where not stated or to complete. */
  initialFacts?: { facts: ListingFacts; place: ListingPlace };
  /** The photo the listing has now (update); shown until another is chosen. */
  currentPhoto?: ListingPhoto;
  /** Why the form cannot be used (fraud agent, rejected or sold listing); disables it. */
  blocked?: ReactNode;
  /** Replaces the submit label while blocked (the spec's "Fraud Agent"). */
  blockedLabel?: string;
  save: (input: SaveListingInput) => Promise<unknown>;
  onSaved: () => void;
};

/** The add/update property form: the domain's rules, a photo preview and upload progress. */
export function ListingForm({
  mode,
  initial,
  initialFacts,
  currentPhoto,
  blocked,
  blockedLabel,
  save,
  onSaved,
}: ListingFormProps) {
  const { t, serverText } = useI18n();
  const notify = useNotify();
  const descriptionId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<FormValues, unknown, z.output<FormSchema>>({
    resolver: zodResolver(formSchemas[mode]),
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
    },
  });
  const { errors, isSubmitting } = form.formState;
  const errorOf = (field: FieldName) => {
    const message = formErrorMessage(errors[field]);
    return message && serverText(message);
  };
  const preview = usePreview(form.watch('photo'));

  const warnAboutPrices = (invalid: FieldErrors<FormValues>) => {
    const warning = [invalid.priceMin?.message, invalid.priceMax?.message].find(
      (message): message is string => !!message && PRICE_WARNINGS.includes(message),
    );
    if (warning) notify.warning(serverText(warning));
  };

  const submit = form.handleSubmit(async (values) => {
    const { photo, ...fields } = values;
    try {
      setProgress(0);
      await save({ fields, photo: photo?.[0], onUploadProgress: setProgress });
      onSaved();
    } catch (error) {
      const field =
        error instanceof ApiError ? FIELDS.find((name) => error.fieldMessage(name)) : undefined;
      const message = field && error instanceof ApiError ? error.fieldError(field) : undefined;
      // The code goes in `type`, so the field's message is translated by it.
      if (field && message)
        form.setError(field, { type: message.code ?? 'server', message: message.text });
      notify.error(error);
    } finally {
      setProgress(null);
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
        <div className="flex flex-col gap-1">
          <label htmlFor={descriptionId} className="text-sm font-medium text-slate-800">
            {t('listingForm.description')}
          </label>
          <textarea
            id={descriptionId}
            rows={5}
            maxLength={LISTING_DESCRIPTION_MAX}
            aria-invalid={descriptionError ? true : undefined}
            aria-describedby={descriptionError ? `${descriptionId}-error` : undefined}
            className={`w-full rounded-md border px-3 py-2 text-slate-900 focus:outline-2 focus:outline-emerald-700 ${descriptionError ? 'border-red-700' : 'border-slate-400'}`}
            {...form.register('description')}
          />
          {descriptionError ? (
            <p id={`${descriptionId}-error`} className="text-sm text-red-700">
              {descriptionError}
            </p>
          ) : null}
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={t('listingForm.priceMin')}
            hint={t('listingForm.priceMinHint')}
            inputMode="numeric"
            placeholder="5000"
            error={errorOf('priceMin')}
            {...form.register('priceMin')}
          />
          <TextField
            label={t('listingForm.priceMax')}
            hint={t('listingForm.priceMaxHint')}
            inputMode="numeric"
            placeholder="5100"
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
        <TextField
          label={t('listingForm.photo')}
          type="file"
          accept={ACCEPTED_PHOTO_TYPES}
          hint={mode === 'add' ? t('listingForm.photoHint') : t('listingForm.photoKeepHint')}
          error={errorOf('photo')}
          {...form.register('photo')}
        />
        {preview || currentPhoto ? (
          <img
            src={preview ?? currentPhoto?.url}
            srcSet={preview ? undefined : currentPhoto?.srcset}
            sizes="(min-width: 640px) 320px, 100vw"
            width={currentPhoto?.width ?? 1200}
            height={currentPhoto?.height ?? 800}
            alt={preview ? t('listingForm.preview') : t('listingForm.currentPhoto')}
            className="aspect-[3/2] w-full max-w-xs rounded-md bg-slate-200 object-cover"
          />
        ) : null}
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

/** An object URL for the chosen photo, released when it changes or the form goes away. */
function usePreview(files: FileList | undefined): string | null {
  const file = files?.[0];
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}
