import {
  isAcceptableOfferAmount,
  latestOfferDeadline,
  type MakeOfferInput,
  MakeOfferInputSchema,
  OfferAmountSchema,
  offerMessages,
  todayInDhaka,
} from '@basha/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { useDialogs } from '../../../components/ui/confirm-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formErrorMessage } from '../../../lib/i18n/coded-message.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { useMakeOffer } from '../api/make-offer.ts';

const FIELDS = ['amount', 'deadline'] as const;

/** The domain's offer rules plus the spec's "at least the listing's minimum price". */
function offerFormSchema(minPrice: number) {
  return z.extend(MakeOfferInputSchema, {
    amount: OfferAmountSchema.check(
      z.refine((amount) => isAcceptableOfferAmount(amount, minPrice), offerMessages.amountTooLow),
    ),
  });
}

/**
 * An offer this many times the asking range's top is asked about before it is sent: most
 * likely a zero too many (5,00,00,000 for 50,00,000), and an accepted offer is what the
 * buyer pays. Above the range is allowed (the spec's only rule is the minimum).
 */
const OFFER_CHECK_ABOVE_TIMES = 2;

/** What the inputs hold before validation (the amount is typed text). */
type OfferFormValues = z.input<ReturnType<typeof offerFormSchema>>;

export function MakeOfferForm({
  wishlistItemId,
  price,
  onOffered,
}: {
  wishlistItemId: string;
  price: { min: number; max: number };
  onOffered: () => void;
}) {
  const { t, serverText, number, money } = useI18n();
  const notify = useNotify();
  const dialogs = useDialogs();
  const makeOffer = useMakeOffer();
  const schema = useMemo(() => offerFormSchema(price.min), [price.min]);
  const form = useForm<OfferFormValues, unknown, MakeOfferInput>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', deadline: '' },
  });
  const { errors } = form.formState;
  const errorOf = (field: (typeof FIELDS)[number]) => {
    const message = formErrorMessage(errors[field]);
    return message && serverText(message);
  };

  const submit = form.handleSubmit(async (offer) => {
    if (offer.amount > price.max * OFFER_CHECK_ABOVE_TIMES) {
      const meant = await dialogs.confirm({
        title: t('offers.checkAmountTitle'),
        text: t('offers.checkAmountText', {
          amount: money(offer.amount),
          max: money(price.max),
        }),
        confirmLabel: t('offers.checkAmountConfirm'),
      });
      if (!meant) return;
    }
    try {
      await makeOffer.mutateAsync({ wishlistItemId, offer });
      notify.success(t('offers.made'));
      onOffered();
    } catch (error) {
      // The server checks again (its clock, the listing's current price): show its verdict.
      const fieldErrors =
        error instanceof ApiError
          ? FIELDS.flatMap((field) => {
              const message = error.fieldError(field);
              return message ? [{ field, message }] : [];
            })
          : [];
      // The code goes in `type`, so the field's message is translated by it.
      for (const { field, message } of fieldErrors)
        form.setError(field, { type: message.code ?? 'server', message: message.text });
      if (fieldErrors.length === 0) notify.error(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label={t('offers.amount')}
        inputMode="numeric"
        autoComplete="off"
        hint={t('offers.amountHint', { min: number(price.min), max: number(price.max) })}
        error={errorOf('amount')}
        {...form.register('amount')}
      />
      <TextField
        label={t('offers.deadline')}
        type="date"
        min={todayInDhaka()}
        max={latestOfferDeadline()}
        hint={t('offers.deadlineHint')}
        error={errorOf('deadline')}
        {...form.register('deadline')}
      />
      <Button type="submit" busy={form.formState.isSubmitting}>
        {t('offers.submit')}
      </Button>
    </form>
  );
}
