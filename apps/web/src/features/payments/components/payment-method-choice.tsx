import type { PaymentProvider } from '@basha/domain';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';
import { PaymentMethodMark } from './payment-method-mark.tsx';

/** One choice per enabled method; nothing is started with a rail until the buyer continues. */
export function PaymentMethodChoice({
  methods,
  onChoose,
}: {
  methods: readonly PaymentProvider[];
  onChoose: (method: PaymentProvider) => void;
}) {
  const { t } = useI18n();
  const name = useId();
  const [picked, setPicked] = useState<PaymentProvider>(methods[0] ?? 'sandbox');
  return (
    <Panel title={t('payments.chooseMethod')}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          onChoose(picked);
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('payments.chooseMethod')}</legend>
          {methods.map((method) => (
            <label
              key={method}
              className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 p-3 has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50"
            >
              <input
                type="radio"
                name={name}
                value={method}
                checked={picked === method}
                onChange={() => setPicked(method)}
              />
              <PaymentMethodMark method={method} />
              <span className="text-sm font-medium text-slate-900">
                {t(`payments.provider.${method}`)}
              </span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" className="self-start">
          {t('payments.continue')}
        </Button>
      </form>
    </Panel>
  );
}
