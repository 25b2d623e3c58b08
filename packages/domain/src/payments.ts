import { z } from 'zod/mini';
import { todayInDhaka } from './money.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { paymentMessages } from './payments-messages.ts';
import { idMessages } from './request-messages.ts';
import { asciiDigits, text } from './text.ts';

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'sslcommerz', 'bkash'] as const;
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProvider = z.infer<typeof PaymentProviderSchema>;

/** Offers are in taka; every payment is charged in Bangladeshi taka. */
export const PAYMENT_CURRENCY = 'BDT';

/**
 * The sandbox's well-known cards (Stripe's test numbers, with Stripe's outcomes). Any other
 * number that passes the checks is refused as a live card, as Stripe's test mode does.
 */
export const SANDBOX_TEST_CARDS = [
  { number: '4242424242424242', brand: 'Visa', outcome: 'succeeds', message: null },
  { number: '5555555555554444', brand: 'Mastercard', outcome: 'succeeds', message: null },
  {
    number: '4000000000000002',
    brand: 'Visa',
    outcome: 'declined',
    message: paymentMessages.declined,
  },
  {
    number: '4000000000009995',
    brand: 'Visa',
    outcome: 'declined',
    message: paymentMessages.insufficientFunds,
  },
] as const;

// ── Card details ────────────────────────────────────────────────────────────────────────

/** Card numbers are typed in groups; spaces and dashes carry no meaning. */
export function normalizeCardNumber(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Why a typed card number cannot be a card, or null when it can. */
export function cardNumberProblem(raw: string): string | null {
  const digits = normalizeCardNumber(raw);
  if (digits === '') return paymentMessages.cardNumberIncomplete;
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return paymentMessages.cardNumberInvalid;
  return null;
}

/** "MM/YY" (spaces around the slash allowed) as a month and a four-digit year. */
export function parseCardExpiry(raw: string): { month: number; year: number } | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(raw);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/**
 * Why an expiry cannot be used today, or null when it can. A card is good through the last
 * day of its expiry month; "today" is today in Dhaka, like every other date here.
 */
export function cardExpiryProblem(raw: string, today: string = todayInDhaka()): string | null {
  if (raw.trim() === '') return paymentMessages.expiryIncomplete;
  const expiry = parseCardExpiry(raw);
  if (!expiry) return paymentMessages.expiryInvalid;
  const [year, month] = today.split('-').map(Number) as [number, number];
  return expiry.year * 12 + expiry.month < year * 12 + month ? paymentMessages.expiryPast : null;
}

export function isValidCvc(raw: string): boolean {
  return /^\d{3,4}$/.test(raw);
}

export function cardLast4(raw: string): string {
  return normalizeCardNumber(raw).slice(-4);
}

// Messages never include the value: a card number must not come back in an error.
// Each card field reads Bangla digits as the digits they are (a Bangla keyboard types them).
const CardNumberSchema = text({ error: paymentMessages.cardNumberInvalid }).check(
  z.maxLength(40, paymentMessages.cardNumberInvalid),
  z.overwrite(asciiDigits),
  z.superRefine((value, ctx) => {
    const problem = cardNumberProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

const CardExpirySchema = text({ error: paymentMessages.expiryInvalid }).check(
  z.maxLength(10, paymentMessages.expiryInvalid),
  z.overwrite(asciiDigits),
  z.superRefine((value, ctx) => {
    const problem = cardExpiryProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

const CvcSchema = text({ error: paymentMessages.cvcInvalid }).check(
  z.overwrite(asciiDigits),
  z.refine(isValidCvc, paymentMessages.cvcInvalid),
);

/** Sandbox confirmation: the intent's client secret and the card, checked before any charge. */
export const CardPaymentInputSchema = z.strictObject({
  clientSecret: text({ error: paymentMessages.wrongPayment }).check(
    z.minLength(1, paymentMessages.wrongPayment),
    z.maxLength(200, paymentMessages.wrongPayment),
  ),
  cardNumber: CardNumberSchema,
  expiry: CardExpirySchema,
  cvc: CvcSchema,
});
export type CardPaymentInput = z.infer<typeof CardPaymentInputSchema>;

// ── Responses ───────────────────────────────────────────────────────────────────────────

/**
 * What the browser needs to take the card: with Stripe, `clientSecret` and `publishableKey`
 * go to Stripe Elements; with the sandbox, `clientSecret` goes back with the card details.
 */
export const PaymentIntentSchema = z.object({
  offerId: z.string(),
  provider: PaymentProviderSchema,
  clientSecret: z.string(),
  /** Whole taka. */
  amount: z.int(),
  currency: z.literal(PAYMENT_CURRENCY),
  publishableKey: z.nullable(z.string()),
  /** Hosted checkouts (SSLCommerz, bKash): the gateway page the buyer is sent to. */
  redirectUrl: z.optional(z.string()),
});
export type PaymentIntent = z.infer<typeof PaymentIntentSchema>;

/** Which enabled method the buyer picked; without one, the first the operator listed. */
export const PaymentIntentRequestSchema = z.object({
  method: z.optional(z.enum(PAYMENT_PROVIDERS, { error: paymentMessages.methodNotEnabled })),
});
export type PaymentIntentRequest = z.infer<typeof PaymentIntentRequestSchema>;

/** The payment methods the operator enabled, in their order: one choice each on the payment page. */
export const PaymentMethodsSchema = z.object({ methods: z.array(PaymentProviderSchema) });
export type PaymentMethods = z.infer<typeof PaymentMethodsSchema>;

const SoldListingSchema = z.object({ id: z.string(), title: z.string(), location: z.string() });

/** Money an admin gave back through the rail that took it; the sale is reversed. */
export const RefundSchema = z.object({
  amount: z.int(),
  /** The rail's id for the refund (Stripe re_…, SSLCommerz refund_ref_id, bKash refundTrxID). */
  reference: z.string(),
  refundedAt: z.iso.datetime(),
});
export type Refund = z.infer<typeof RefundSchema>;

/**
 * The buyer's proof of a paid offer. `provider` and `reference` are null only for a sale on
 * record without a payment row (none is made today: demo sales get one too); `cardLast4` is
 * null also when Stripe did not tell us the card.
 */
export const ReceiptSchema = z.object({
  offerId: z.string(),
  listing: SoldListingSchema,
  agent: z.object({ name: z.string(), email: z.string() }),
  amount: z.int(),
  currency: z.literal(PAYMENT_CURRENCY),
  provider: z.nullable(PaymentProviderSchema),
  reference: z.nullable(z.string()),
  cardLast4: z.nullable(z.string()),
  paidAt: z.iso.datetime(),
  /** Null unless the payment was refunded. */
  refund: z.nullable(RefundSchema),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

export const ReceiptPageSchema = pageOf(ReceiptSchema);
export type ReceiptPage = z.infer<typeof ReceiptPageSchema>;

export const ReceiptParamsSchema = z.object({ offerId: z.uuid(idMessages.unknownOffer) });

export const ReceiptListQuerySchema = PageQuerySchema;
export type ReceiptListQuery = z.infer<typeof ReceiptListQuerySchema>;

/** One of the agent's sales ("sold properties"). */
export const SaleSchema = z.object({
  offerId: z.string(),
  listing: SoldListingSchema,
  /** Null once the buyer's account has been deleted: the sale stays on record. */
  buyer: z.nullable(z.object({ name: z.string(), email: z.string() })),
  amount: z.int(),
  currency: z.literal(PAYMENT_CURRENCY),
  reference: z.nullable(z.string()),
  paidAt: z.iso.datetime(),
  /** Null unless the payment was refunded: the sale is reversed and leaves the total. */
  refund: z.nullable(RefundSchema),
});
export type Sale = z.infer<typeof SaleSchema>;

/** A page of sales plus the totals over every sale that stands (refunded ones do not), not just this page. */
export const SalesPageSchema = z.extend(pageOf(SaleSchema), {
  total: z.object({ count: z.int(), amount: z.int() }),
});
export type SalesPage = z.infer<typeof SalesPageSchema>;

export const SalesQuerySchema = PageQuerySchema;

/** A sale as admins see it (to refund one): the agent's view plus the rail that took the money. */
export const AdminSaleSchema = z.extend(SaleSchema, {
  provider: z.nullable(PaymentProviderSchema),
});
export type AdminSale = z.infer<typeof AdminSaleSchema>;

export const AdminSalesPageSchema = pageOf(AdminSaleSchema);
export type AdminSalesPage = z.infer<typeof AdminSalesPageSchema>;

/** What an admin's refund answers: the offer, now refunded, and the refund on record. */
export const RefundResultSchema = z.object({ offerId: z.string(), refund: RefundSchema });
export type RefundResult = z.infer<typeof RefundResultSchema>;
export type SalesQuery = z.infer<typeof SalesQuerySchema>;
