import type { PaymentProvider } from '@basha/domain';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { PaymentMethodMark } from './payment-method-mark.tsx';

/**
 * Hosted checkouts (SSLCommerz, bKash): the buyer pays on the gateway's own page, which
 * sends them back to this page with the outcome. The link resumes the same payment.
 */
export function HostedCheckoutLink({
  method,
  amount,
  redirectUrl,
}: {
  method: PaymentProvider;
  amount: number;
  redirectUrl: string;
}) {
  const { t, money } = useI18n();
  const name = t(`payments.provider.${method}`);
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-slate-700">{t('payments.hostedHint', { name })}</p>
      <a
        href={redirectUrl}
        className="inline-flex min-h-10 items-center gap-3 rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
      >
        <PaymentMethodMark method={method} />
        {t('payments.payAt', { amount: money(amount), name })}
      </a>
    </div>
  );
}
