import { type AdminSale, paymentMessages } from '@basha/domain';
import { Button } from '../../../components/ui/button.tsx';
import { useDialogs } from '../../../components/ui/confirm-dialog.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useNotify } from '../../../lib/notify.ts';
import { useAdminSales } from '../api/get-admin-sales.ts';
import { useRefundPayment } from '../api/refund-payment.ts';
import { useSaleColumns } from './sales-table.tsx';

/** Admins' payments: every sale, and a refund through the rail that took the money. */
export function AdminSales() {
  const { t, serverText } = useI18n();
  const sales = useAdminSales();
  const columns = [
    ...useSaleColumns<AdminSale>(),
    {
      header: t('payments.col.action'),
      cell: (sale: AdminSale) => <RefundAction sale={sale} />,
      className: 'whitespace-nowrap',
    },
  ];
  return (
    <section className="flex flex-col gap-4" aria-labelledby="admin-payments-title">
      <PageHeading id="admin-payments-title">{t('dashboard.payments')}</PageHeading>
      <QueryState query={sales}>
        {(data) => (
          <>
            <DataTable
              caption={t('payments.allSalesCaption')}
              columns={columns}
              rows={data.pages.flatMap((page) => page.items)}
              rowKey={(sale) => sale.offerId}
              empty={serverText(paymentMessages.noSales)}
              minWidthRem={52}
            />
            <LoadMoreButton query={sales} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function RefundAction({ sale }: { sale: AdminSale }) {
  const { t, money } = useI18n();
  const dialogs = useDialogs();
  const notify = useNotify();
  const refund = useRefundPayment();
  if (sale.refund) return <span className="text-slate-700">{t('payments.refunded')}</span>;
  if (!sale.provider) return null;

  const run = async () => {
    const confirmed = await dialogs.confirm({
      title: t('payments.confirmRefund', {
        amount: money(sale.amount),
        title: sale.listing.title,
      }),
      text: t('payments.confirmRefundText'),
      confirmLabel: t('payments.refund'),
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      await refund.mutateAsync(sale.offerId);
    } catch (error) {
      notify.error(error);
      return;
    }
    notify.success(t('payments.refundDone', { title: sale.listing.title }));
  };
  return (
    <Button variant="danger" disabled={refund.isPending} onClick={run}>
      {t('payments.refund')}
    </Button>
  );
}
