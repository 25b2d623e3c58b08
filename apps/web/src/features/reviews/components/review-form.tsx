import {
  type CreateReviewInput,
  CreateReviewInputSchema,
  REVIEW_TEXT_MAX_LENGTH,
} from '@basha/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
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
      <TextAreaField
        label={t('reviews.text')}
        rows={5}
        maxLength={REVIEW_TEXT_MAX_LENGTH}
        error={textError}
        {...form.register('text')}
      />
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
