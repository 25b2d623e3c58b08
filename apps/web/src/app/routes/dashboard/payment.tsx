import { useParams } from 'react-router';
import { PaymentSummary } from '../../../features/offers/components/payment-summary.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

/** /dashboard/property-bought/payment/:id — the offer to pay (card payment is not open yet). */
export default function PaymentPage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('offers.paymentTitle')}</h1>
      <PaymentSummary offerId={id} />
    </div>
  );
}
