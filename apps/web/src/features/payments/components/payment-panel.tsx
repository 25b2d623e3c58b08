import { type PaymentProvider, paymentMessages, type Receipt } from '@basha/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { describeError, useNotify } from '../../../lib/notify.ts';
import { usePaymentIntent } from '../api/create-payment-intent.ts';
import { useReceipt } from '../api/get-receipt.ts';
import { StripeCardPayment } from '../stripe/stripe-card-payment.tsx';
import { CardPaymentForm } from './card-payment-form.tsx';
import { HostedCheckoutLink } from './hosted-checkout-link.tsx';
import { PaymentMethodChoice } from './payment-method-choice.tsx';
import { ReceiptView } from './receipt-view.tsx';

/**
 * What the payment page offers for an offer: the receipt once it is paid; otherwise, with
 * several enabled `methods`, a choice first, then the chosen provider's payment (the
 * sandbox's own fields, or Stripe's card element). Without `methods`, the server's first.
 */
export function PaymentPanel({
  offerId,
  amount,
  paid,
  methods,
}: {
  offerId: string;
  amount: number;
  paid: boolean;
  methods?: readonly PaymentProvider[];
}) {
  const [chosen, setChosen] = useState<PaymentProvider | undefined>(
    methods?.length === 1 ? methods[0] : undefined,
  );
  if (paid) return <PaidReceipt offerId={offerId} />;
  if (methods && methods.length > 1 && !chosen && amount > 0) {
    return <PaymentMethodChoice methods={methods} onChoose={setChosen} />;
  }
  return <CardPayment offerId={offerId} amount={amount} method={chosen} />;
}

function PaidReceipt({ offerId }: { offerId: string }) {
  const receipt = useReceipt(offerId);
  return <QueryState query={receipt}>{(found) => <ReceiptView receipt={found} />}</QueryState>;
}

function CardPayment({
  offerId,
  amount,
  method,
}: {
  offerId: string;
  amount: number;
  method: PaymentProvider | undefined;
}) {
  const { t, serverText } = useI18n();
  const notify = useNotify();
  const intent = usePaymentIntent(offerId, { enabled: amount > 0, method });
  // Shown at once; the offer's own refetch then turns the page into the paid view.
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const onPaid = (paid: Receipt) => {
    notify.success(serverText(paymentMessages.paid));
    setReceipt(paid);
  };

  if (receipt) return <ReceiptView receipt={receipt} />;

  if (amount <= 0) {
    return <p className="rounded-md bg-slate-100 p-4 text-slate-800">{t('payments.zeroAmount')}</p>;
  }
  const stripe = intent.data?.provider === 'stripe' ? intent.data : null;
  const hosted = intent.data?.redirectUrl ? intent.data : null;
  if (hosted?.redirectUrl) {
    return (
      <Panel title={t('payments.hostedTitle')}>
        <HostedCheckoutLink
          method={hosted.provider}
          amount={amount}
          redirectUrl={hosted.redirectUrl}
        />
      </Panel>
    );
  }
  return (
    <Panel title={t('payments.cardTitle')}>
      {intent.data ? (
        <>
          <p className="text-sm font-medium text-slate-800">
            {t('payments.provider', { name: t(`payments.provider.${intent.data.provider}`) })}
          </p>
          {stripe ? null : <p className="text-sm text-slate-700">{t('payments.sandboxHint')}</p>}
        </>
      ) : intent.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p className="text-sm font-medium text-red-700">
            {t('payments.intentFailed')} {describeError(intent.error, t, serverText)}
          </p>
          <Button variant="secondary" onClick={() => intent.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <p role="status" className="text-sm text-slate-700">
          {t('payments.preparing')}
        </p>
      )}
      {stripe?.publishableKey ? (
        <StripeCardPayment
          offerId={offerId}
          amount={amount}
          clientSecret={stripe.clientSecret}
          publishableKey={stripe.publishableKey}
          onPaid={onPaid}
        />
      ) : (
        <CardPaymentForm
          offerId={offerId}
          amount={amount}
          clientSecret={intent.data?.clientSecret}
          onPaid={onPaid}
        />
      )}
    </Panel>
  );
}
