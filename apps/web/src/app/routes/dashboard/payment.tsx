import { useParams, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { PaymentSummary } from '../../../features/offers/components/payment-summary.tsx';
import { usePaymentMethods } from '../../../features/payments/api/get-payment-methods.ts';
import { PaymentPanel } from '../../../features/payments/components/payment-panel.tsx';
import {
  PaymentReturnNotice,
  paymentResultOf,
} from '../../../features/payments/components/payment-return-notice.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

/** /dashboard/property-bought/payment/:id — pay an accepted offer, or see its receipt. */
export default function PaymentPage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const methods = usePaymentMethods();
  // Set by the API when a hosted checkout (SSLCommerz, bKash) sends the buyer back.
  const [search] = useSearchParams();
  const returned = paymentResultOf(search.get('payment'));
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeading className="text-2xl font-bold text-slate-900 print:hidden">
        {t('payments.title')}
      </PageHeading>
      {returned ? <PaymentReturnNotice result={returned} /> : null}
      <PaymentSummary
        offerId={id}
        payment={(offer) => (
          <QueryState query={methods}>
            {({ methods: enabled }) => (
              <PaymentPanel
                offerId={offer.id}
                amount={offer.amount}
                // A refunded offer was paid: its receipt shows the refund.
                paid={offer.status === 'paid' || offer.status === 'refunded'}
                methods={enabled}
              />
            )}
          </QueryState>
        )}
      />
    </div>
  );
}
