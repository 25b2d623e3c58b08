import type { Receipt } from '@basha/domain';

export const OFFER_ID = 'f1d3c3a0-3b7d-4f39-9f44-0a6a3e6a8b01';

/** A paid offer's receipt, as the API sends it; tests override the provider's parts. */
export function aReceipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    offerId: OFFER_ID,
    listing: { id: 'l1', title: 'Lake view flat', location: 'Gulshan, Dhaka' },
    agent: { name: 'Agent Karim', email: 'karim@example.com' },
    amount: 55_000,
    currency: 'BDT',
    provider: 'sandbox',
    reference: 'sbx_ch_0123456789',
    cardLast4: '4242',
    paidAt: '2026-01-02T00:00:00.000Z',
    refund: null,
    ...overrides,
  };
}
