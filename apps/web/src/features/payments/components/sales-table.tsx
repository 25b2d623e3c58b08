import { paymentMessages } from '@basha/domain';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useSales } from '../api/get-sales.ts';

/** "Sold properties": the agent's sales with buyer, price, date and reference, and the total. */
export function SalesTable() {
  const { t, money, number, date, serverText } = useI18n();
  const sales = useSales();
  return (
    <QueryState query={sales}>
      {(data) => {
        const items = data.pages.flatMap((page) => page.items);
        const total = data.pages[0]?.total ?? { count: 0, amount: 0 };
        if (items.length === 0) {
          return (
            <p className="rounded-lg bg-white p-10 text-center text-lg font-semibold text-slate-800 shadow-sm">
              {serverText(paymentMessages.noSales)}
            </p>
          );
        }
        return (
          <div className="flex flex-col gap-4">
            <p className="text-lg font-semibold text-emerald-800">
              {t('payments.soldTotal', {
                amount: money(total.amount),
                count: number(total.count),
              })}
            </p>
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
              <table className="w-full min-w-[44rem] text-left text-sm">
                <caption className="sr-only">{t('payments.soldCaption')}</caption>
                <thead className="bg-slate-100 text-slate-800">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t('payments.col.property')}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t('payments.col.buyer')}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t('payments.col.amount')}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t('payments.col.date')}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t('payments.col.reference')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {items.map((sale) => (
                    <tr key={sale.offerId} className="align-top text-slate-800">
                      <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                        {sale.listing.title}
                        <p className="font-normal text-slate-700">{sale.listing.location}</p>
                      </th>
                      <td className="px-4 py-3">
                        <p className="font-medium">
                          {sale.buyer?.name ?? t('payments.deletedBuyer')}
                        </p>
                        {sale.buyer ? <p className="text-slate-700">{sale.buyer.email}</p> : null}
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 font-semibold">
                        {money(sale.amount)}
                      </td>
                      <td className="whitespace-nowrap px-4 py-3">{date(sale.paidAt)}</td>
                      <td className="px-4 py-3 font-mono text-xs break-all">
                        {sale.reference ?? t('payments.noReference')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <LoadMoreButton query={sales} />
          </div>
        );
      }}
    </QueryState>
  );
}
