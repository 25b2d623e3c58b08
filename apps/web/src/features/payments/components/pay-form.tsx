import type { FormEvent, ReactNode } from 'react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useI18n } from '../../../lib/i18n/i18n-provider.tsx';

/**
 * What every provider's card form shares: the fields it is given, one Pay button (busy while
 * the payment is being prepared or made, disabled until paying is possible) and the card
 * error in red under the form, tied to the form for screen readers.
 */
export function PayForm({
  amount,
  canPay,
  preparing,
  paying,
  error,
  onSubmit,
  children,
}: {
  amount: number;
  canPay: boolean;
  /** The provider is still getting ready (a payment intent, Stripe.js): shown as busy. */
  preparing: boolean;
  paying: boolean;
  error: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const { t, money } = useI18n();
  const errorId = useId();
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-describedby={error ? errorId : undefined}
      className="flex flex-col gap-4"
    >
      {children}
      <Button type="submit" disabled={!canPay} busy={paying || preparing} className="self-start">
        {t('payments.pay', { amount: money(amount) })}
      </Button>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
