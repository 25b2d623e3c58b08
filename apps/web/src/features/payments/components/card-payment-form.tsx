import { CardPaymentInputSchema, type Receipt } from '@basha/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formErrorMessage } from '../../../lib/i18n/coded-message.ts';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { describeError } from '../../../lib/notify.ts';
import { usePayWithCard } from '../api/pay-with-card.ts';
import { PayForm } from './pay-form.tsx';

const CardSchema = z.omit(CardPaymentInputSchema, { clientSecret: true });
type Card = { cardNumber: string; expiry: string; cvc: string };

const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc'] as const;

/**
 * The sandbox card form: our own labelled fields, checked with the server's rules before
 * sending. Pay waits for the payment intent's client secret; a decline (402) shows the
 * provider's message in red under the form. The card lives only in the form's state.
 */
export function CardPaymentForm({
  offerId,
  amount,
  clientSecret,
  onPaid,
}: {
  offerId: string;
  amount: number;
  clientSecret: string | undefined;
  onPaid?: (receipt: Receipt) => void;
}) {
  const { t, serverText } = useI18n();
  const { pay, isPaying, error, clearError } = usePayWithCard(offerId);
  const form = useForm<Card>({
    resolver: zodResolver(CardSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (card) => {
    if (!clientSecret) return;
    const receipt = await pay({ clientSecret, ...card });
    if (receipt) {
      form.reset();
      onPaid?.(receipt);
    }
  }, clearError);

  const apiError = error instanceof ApiError ? error : null;
  const fieldError = (field: (typeof CARD_FIELDS)[number]) => {
    const message = formErrorMessage(errors[field]) ?? apiError?.fieldError(field);
    return message && serverText(message);
  };
  const pointsAtField = CARD_FIELDS.some((field) => apiError?.fieldMessage(field));
  const formError = error && !pointsAtField ? describeError(error, t, serverText) : null;

  return (
    <PayForm
      amount={amount}
      canPay={Boolean(clientSecret)}
      preparing={!clientSecret}
      paying={isPaying}
      error={formError}
      onSubmit={submit}
    >
      <TextField
        label={t('payments.cardNumber')}
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        error={fieldError('cardNumber')}
        {...form.register('cardNumber')}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('payments.expiry')}
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          maxLength={7}
          error={fieldError('expiry')}
          {...form.register('expiry')}
        />
        <TextField
          label={t('payments.cvc')}
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          maxLength={4}
          error={fieldError('cvc')}
          {...form.register('cvc')}
        />
      </div>
    </PayForm>
  );
}
