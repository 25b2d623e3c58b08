import type { Receipt } from '@basha/domain';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useAwaitedReceipt } from '../api/await-receipt.ts';
import { PayForm } from '../components/pay-form.tsx';
import { useStripeLoader } from './stripe-js.tsx';

type Props = {
  offerId: string;
  amount: number;
  clientSecret: string;
  publishableKey: string;
  onPaid: (receipt: Receipt) => void;
};

/**
 * Paying with Stripe: Stripe's card field (an iframe of theirs, so the card never touches
 * Basha), confirmed by Stripe.js in the browser. Stripe then tells the server by webhook,
 * and only that records the payment, so the page waits for the receipt before saying "paid".
 */
export function StripeCardPayment({
  offerId,
  amount,
  clientSecret,
  publishableKey,
  onPaid,
}: Props) {
  const { t } = useI18n();
  const stripe = useLoadedStripe(publishableKey);
  const [confirmedByStripe, setConfirmedByStripe] = useState(false);
  const receipt = useAwaitedReceipt(offerId, { enabled: confirmedByStripe });

  // Once per receipt, however often the parent hands in a new callback.
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;
  useEffect(() => {
    if (receipt.data) onPaidRef.current(receipt.data);
  }, [receipt.data]);

  if (confirmedByStripe) return <AwaitingConfirmation failed={receipt.isError} />;
  if (stripe.state === 'loading') return <Status text={t('payments.stripeLoading')} />;
  if (stripe.state === 'failed') return <LoadFailed retry={stripe.retry} />;
  return (
    <Elements stripe={stripe.instance}>
      <StripeCardForm
        amount={amount}
        clientSecret={clientSecret}
        onConfirmed={() => setConfirmedByStripe(true)}
      />
    </Elements>
  );
}

type LoadedStripe =
  | { state: 'loading' }
  | { state: 'failed'; retry: () => void }
  | { state: 'ready'; instance: Stripe };

function useLoadedStripe(publishableKey: string): LoadedStripe {
  const load = useStripeLoader();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ attempt: number; instance: Stripe | null }>();

  useEffect(() => {
    let current = true;
    load(publishableKey).then(
      (instance) => current && setResult({ attempt, instance }),
      () => current && setResult({ attempt, instance: null }),
    );
    return () => {
      current = false;
    };
  }, [load, publishableKey, attempt]);

  if (!result || result.attempt !== attempt) return { state: 'loading' };
  if (!result.instance) return { state: 'failed', retry: () => setAttempt((n) => n + 1) };
  return { state: 'ready', instance: result.instance };
}

function StripeCardForm({
  amount,
  clientSecret,
  onConfirmed,
}: {
  amount: number;
  clientSecret: string;
  onConfirmed: () => void;
}) {
  const { t } = useI18n();
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  const [paying, setPaying] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setPaying(true);
    setCardError(null);
    try {
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      // Stripe's own words for a decline or a bad card, as the spec asks.
      if (result.error) setCardError(result.error.message ?? t('payments.cardFailed'));
      else onConfirmed();
    } catch {
      setCardError(t('payments.cardFailed'));
    } finally {
      setPaying(false);
    }
  };

  return (
    <PayForm
      amount={amount}
      canPay={Boolean(stripe) && complete}
      preparing={!stripe}
      paying={paying}
      error={cardError}
      onSubmit={submit}
    >
      <p className="text-sm text-slate-700">{t('payments.stripeHint')}</p>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('payments.card')}</legend>
        <div className="min-h-10 rounded-md border border-slate-300 bg-white px-3 py-2.5 focus-within:outline-2 focus-within:outline-emerald-700">
          <CardElement
            options={{ hidePostalCode: true, disabled: paying }}
            onChange={(event) => {
              setComplete(event.complete);
              setCardError(event.error?.message ?? null);
            }}
          />
        </div>
      </fieldset>
    </PayForm>
  );
}

function Status({ text }: { text: string }) {
  return (
    <p role="status" className="text-sm text-slate-700">
      {text}
    </p>
  );
}

function LoadFailed({ retry }: { retry: () => void }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="flex flex-col items-start gap-2">
      <p className="text-sm font-medium text-red-700">{t('payments.stripeLoadFailed')}</p>
      <Button variant="secondary" onClick={retry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

function AwaitingConfirmation({ failed }: { failed: boolean }) {
  const { t } = useI18n();
  if (!failed) return <Status text={t('payments.stripeConfirming')} />;
  return (
    <p role="alert" className="text-sm font-medium text-amber-900">
      {t('payments.stripeSlow')}
    </p>
  );
}
