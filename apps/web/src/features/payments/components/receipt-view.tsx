import type { Receipt } from '@basha/domain';
import { Button } from '../../../components/ui/button.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

/**
 * The buyer's receipt. When printed it covers the whole page (the dashboard around it is
 * not part of a receipt) and drops its buttons and shadows.
 */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const { t, money, date, digits } = useI18n();
  return (
    <section
      aria-labelledby="payment-receipt"
      className="flex flex-col gap-4 rounded-lg border border-emerald-200 bg-white p-6 shadow-sm print:fixed print:inset-0 print:z-50 print:overflow-visible print:rounded-none print:border-0 print:p-8 print:shadow-none"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="payment-receipt" className="text-xl font-bold text-slate-900">
          {t('payments.receiptTitle')}
        </h2>
        <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
          {t('payments.print')}
        </Button>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t('payments.reference')}</dt>
        <dd className="break-all font-mono font-semibold text-slate-900">
          {receipt.reference ?? t('payments.noReference')}
        </dd>
        <dt className="font-medium">{t('payments.property')}</dt>
        <dd>
          <p className="font-semibold">{receipt.listing.title}</p>
          <p className="text-sm text-slate-700">{receipt.listing.location}</p>
        </dd>
        <dt className="font-medium">{t('payments.agent')}</dt>
        <dd>
          {receipt.agent.name}{' '}
          <span className="text-sm text-slate-700">({receipt.agent.email})</span>
        </dd>
        <dt className="font-medium">{t('payments.amount')}</dt>
        <dd className="text-lg font-bold text-emerald-800 print:text-black">
          {money(receipt.amount)}
        </dd>
        {receipt.cardLast4 ? (
          <>
            <dt className="font-medium">{t('payments.card')}</dt>
            <dd>{t('payments.cardEnding', { last4: digits(receipt.cardLast4) })}</dd>
          </>
        ) : null}
        {receipt.provider ? (
          <>
            <dt className="font-medium">{t('payments.paidWith')}</dt>
            <dd>{t(`payments.provider.${receipt.provider}`)}</dd>
          </>
        ) : null}
        <dt className="font-medium">{t('payments.paidOn')}</dt>
        <dd>{date(receipt.paidAt)}</dd>
        {receipt.refund ? (
          <>
            <dt className="font-medium">{t('payments.refunded')}</dt>
            <dd className="font-semibold text-sky-800 print:text-black">
              {money(receipt.refund.amount)} ·{' '}
              {t('payments.refundedOn', { date: date(receipt.refund.refundedAt) })}
            </dd>
            <dt className="font-medium">{t('payments.refundReference')}</dt>
            <dd className="break-all font-mono">{receipt.refund.reference}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
