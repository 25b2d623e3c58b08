import { Button } from '../../../components/ui/button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { useReceivedOffers } from '../api/get-received-offers.ts';

/** "Sold properties": the agent's paid offers, with what they came to. */
export function SoldOffersTable() {
  const { t, money, number } = useI18n();
  const sales = useReceivedOffers('paid');
  return (
    <QueryState query={sales}>
      {(data) => {
        const items = data.pages.flatMap((page) => page.items);
        if (items.length === 0) {
          return (
            <p className="rounded-lg bg-white p-10 text-center text-lg font-semibold text-slate-800 shadow-sm">
              {t('offers.soldEmpty')}
            </p>
          );
        }
        const total = items.reduce((sum, sale) => sum + sale.amount, 0);
        return (
          <div className="flex flex-col gap-4">
            <p className="text-lg font-semibold text-emerald-800">
              {sales.hasNextPage
                ? t('offers.soldTotalShown', { amount: money(total) })
                : t('offers.soldTotal', { amount: money(total) })}
            </p>
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
              <table className="w-full min-w-[36rem] text-left text-sm">
                <caption className="sr-only">{t('offers.soldCaption')}</caption>
                <thead className="bg-slate-100 text-slate-800">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t('offers.col.property')}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t('offers.col.buyer')}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {t('offers.col.soldPrice')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {items.map((sale) => (
                    <tr key={sale.id} className="align-top text-slate-800">
                      <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                        {sale.listing.title}
                      </th>
                      <td className="px-4 py-3">
                        <p className="font-medium">
                          {sale.buyer?.name ?? t('offers.deletedBuyer')}
                        </p>
                        {sale.buyer ? <p className="text-slate-700">{sale.buyer.email}</p> : null}
                      </td>
                      <td className="whitespace-nowrap px-4 py-3">
                        <p className="font-semibold">{money(sale.amount)}</p>
                        <p className="text-slate-700">
                          {t('offers.asking', {
                            min: number(sale.listing.price.min),
                            max: number(sale.listing.price.max),
                          })}
                        </p>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {sales.hasNextPage ? (
              <Button
                variant="secondary"
                className="self-center"
                busy={sales.isFetchingNextPage}
                onClick={() => sales.fetchNextPage()}
              >
                {t('common.loadMore')}
              </Button>
            ) : null}
          </div>
        );
      }}
    </QueryState>
  );
}
