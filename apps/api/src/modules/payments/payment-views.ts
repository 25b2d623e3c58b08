import {
  type AdminSale,
  PAYMENT_CURRENCY,
  type PaymentIntent,
  type Receipt,
  type Sale,
} from '@basha/domain';
import type { ReceiptRow, SaleRow } from './payment-history.repository.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { IntentRow } from './payments.repository.ts';

export function toPaymentIntent(
  row: Omit<IntentRow, 'heldEventId' | 'closedAs'>,
  provider: PaymentProvider,
): PaymentIntent {
  return {
    offerId: row.offerId,
    provider: row.provider,
    clientSecret: row.clientSecret,
    amount: Number(row.amount),
    currency: PAYMENT_CURRENCY,
    publishableKey: provider.publishableKey,
    // A hosted checkout's "secret" is the gateway page the buyer is sent to.
    ...(provider.name === 'sslcommerz' || provider.name === 'bkash'
      ? { redirectUrl: row.clientSecret }
      : {}),
  };
}

export function toReceipt(row: ReceiptRow): Receipt {
  return {
    offerId: row.id,
    listing: row.listing,
    agent: row.agent,
    amount: Number(row.amount),
    currency: PAYMENT_CURRENCY,
    provider: row.payment?.provider ?? null,
    reference: row.payment?.reference ?? null,
    cardLast4: row.payment?.cardLast4 ?? null,
    paidAt: paidAtOf(row),
    refund: refundOf(row),
  };
}

export function toSale(row: SaleRow): Sale {
  return {
    offerId: row.id,
    listing: row.listing,
    buyer: row.buyer,
    amount: Number(row.amount),
    currency: PAYMENT_CURRENCY,
    reference: row.payment?.reference ?? null,
    paidAt: paidAtOf(row),
    refund: refundOf(row),
  };
}

export function toAdminSale(row: SaleRow): AdminSale {
  return { ...toSale(row), provider: row.payment?.provider ?? null };
}

/** Paid offers always carry paid_at; the queries select only those. */
function paidAtOf(row: { paidAt: Date | null }): string {
  if (!row.paidAt) throw new Error('a paid offer without paid_at');
  return row.paidAt.toISOString();
}

function refundOf(row: ReceiptRow | SaleRow): Receipt['refund'] {
  if (!row.refund) return null;
  return {
    amount: Number(row.refund.amount),
    reference: row.refund.reference,
    refundedAt: row.refund.refundedAt.toISOString(),
  };
}
