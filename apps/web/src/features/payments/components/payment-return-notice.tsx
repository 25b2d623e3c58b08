import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

export const PAYMENT_RESULTS = ['paid', 'failed', 'cancelled', 'confirming'] as const;
export type PaymentResult = (typeof PAYMENT_RESULTS)[number];

export const paymentResultOf = (value: string | null): PaymentResult | null =>
  PAYMENT_RESULTS.find((result) => result === value) ?? null;

const TONE: Record<PaymentResult, string> = {
  paid: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  failed: 'border-red-200 bg-red-50 text-red-800',
  cancelled: 'border-slate-200 bg-slate-50 text-slate-800',
  confirming: 'border-amber-200 bg-amber-50 text-amber-900',
};

/** What happened at the gateway, said plainly when a hosted checkout sends the buyer back. */
export function PaymentReturnNotice({ result }: { result: PaymentResult }) {
  const { t } = useI18n();
  return (
    <p
      role={result === 'failed' ? 'alert' : 'status'}
      className={`rounded-md border p-4 text-sm font-medium print:hidden ${TONE[result]}`}
    >
      {t(`payments.return.${result}`)}
    </p>
  );
}
