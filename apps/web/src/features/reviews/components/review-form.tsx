import {
  type CreateReviewInput,
  CreateReviewInputSchema,
  REVIEW_TEXT_MAX_LENGTH,
} from '@basha/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { formErrorMessage } from '../../../lib/i18n/coded-message.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { useCreateReview } from '../api/create-review.ts';
import { RatingInput } from './rating-input.tsx';

/**
 * Rating (1–5, no default) and text, both required. After a successful submit the form is
 * cleared and `onSubmitted` runs; a refusal from the server (already reviewed…) is a toast.
 */
export function ReviewForm({
  listingId,
  onSubmitted,
  onCancel,
}: {
  listingId: string;
  onSubmitted: () => void;
  onCancel: () => void;
}) {
  const { t, serverText } = useI18n();
  const notify = useNotify();
  const createReview = useCreateReview(listingId);
  const textId = useId();
  const form = useForm<CreateReviewInput>({
    resolver: zodResolver(CreateReviewInputSchema),
    defaultValues: { text: '' },
  });
  const { errors } = form.formState;
  const textError = errors.text?.message && serverText(formErrorMessage(errors.text) ?? '');

  const submit = form.handleSubmit((values) =>
    createReview.mutateAsync(values).then(() => {
      notify.success(t('reviews.submitted'));
      form.reset({ text: '' });
      onSubmitted();
    }, notify.error),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Controller
        control={form.control}
        name="rating"
        render={({ field, fieldState }) => (
          <RatingInput
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            error={
              fieldState.error?.message && serverText(formErrorMessage(fieldState.error) ?? '')
            }
          />
        )}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={textId} className="text-sm font-medium text-slate-800">
          {t('reviews.text')}
        </label>
        <textarea
          id={textId}
          rows={5}
          maxLength={REVIEW_TEXT_MAX_LENGTH}
          aria-invalid={textError ? true : undefined}
          aria-describedby={textError ? `${textId}-error` : undefined}
          className={`w-full rounded-md border px-3 py-2 text-slate-900 focus:outline-2 focus:outline-emerald-700 ${textError ? 'border-red-700' : 'border-slate-400'}`}
          {...form.register('text')}
        />
        {textError ? (
          <p id={`${textId}-error`} className="text-sm text-red-700">
            {textError}
          </p>
        ) : null}
      </div>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={form.formState.isSubmitting}>
          {t('reviews.submit')}
        </Button>
      </div>
    </form>
  );
}
