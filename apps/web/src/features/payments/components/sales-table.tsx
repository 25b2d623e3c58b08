import { paymentMessages, type Sale } from '@basha/domain';
import { type DataColumn, DataTable } from '../../../components/ui/data-table.tsx';
import { EmailAddress } from '../../../components/ui/email-address.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useSales } from '../api/get-sales.ts';

/**
 * The columns a sale shows in (the agent's sold properties, the admin's payments): the
 * property, buyer, price, date and the rail's reference, and the refund when there is one.
 */
export function useSaleColumns<T extends Sale>(): DataColumn<T>[] {
  const { t, money, date } = useI18n();
  return [
    {
      header: t('payments.col.property'),
      rowHeader: true,
      cell: (sale) => (
        <>
          {sale.listing.title}
          <p className="font-normal text-slate-700">{sale.listing.location}</p>
        </>
      ),
    },
    {
      header: t('payments.col.buyer'),
      cell: (sale) => (
        <>
          <p className="font-medium">{sale.buyer?.name ?? t('payments.deletedBuyer')}</p>
          {sale.buyer ? (
            <p className="text-slate-700">
              <EmailAddress address={sale.buyer.email} />
            </p>
          ) : null}
        </>
      ),
    },
    {
      header: t('payments.col.amount'),
      cell: (sale) => (
        <>
          <span className="font-semibold">{money(sale.amount)}</span>
          {sale.refund ? (
            <p className="font-semibold text-sky-800">
              {t('payments.refundedOn', { date: date(sale.refund.refundedAt) })}
            </p>
          ) : null}
        </>
      ),
      className: 'whitespace-nowrap',
    },
    {
      header: t('payments.col.date'),
      cell: (sale) => date(sale.paidAt),
      className: 'whitespace-nowrap',
    },
    {
      header: t('payments.col.reference'),
      cell: (sale) => (
        <span className="font-mono text-xs break-all">
          {sale.reference ?? t('payments.noReference')}
        </span>
      ),
    },
  ];
}

/** "Sold properties": the agent's sales with buyer, price, date and reference, and the total. */
export function SalesTable() {
  const { t, money, number, serverText } = useI18n();
  const sales = useSales();
  const columns = useSaleColumns<Sale>();
  return (
    <QueryState query={sales}>
      {(data) => {
        const items = data.pages.flatMap((page) => page.items);
        const total = data.pages[0]?.total ?? { count: 0, amount: 0 };
        return (
          <div className="flex flex-col gap-4">
            {items.length > 0 ? (
              <p className="text-lg font-semibold text-emerald-800">
                {t('payments.soldTotal', {
                  amount: money(total.amount),
                  count: number(total.count),
                })}
              </p>
            ) : null}
            <DataTable
              caption={t('payments.soldCaption')}
              columns={columns}
              rows={items}
              rowKey={(sale) => sale.offerId}
              empty={serverText(paymentMessages.noSales)}
              minWidthRem={44}
            />
            <LoadMoreButton query={sales} />
          </div>
        );
      }}
    </QueryState>
  );
}
