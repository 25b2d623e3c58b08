import type Stripe from 'stripe';

/** What a provider hands back for a new intent: its id and the secret the browser uses. */
export type IssuedIntent = { reference: string; clientSecret: string };

/** The outcome of a sandbox charge; a decline carries the processor's message. */
export type ChargeOutcome = { paid: true; cardLast4: string } | { paid: false; message: string };

/** A recorded payment to give back, whole, through the rail that took it. */
export type RefundOrder = {
  offerId: string;
  /** Our intent's reference at the rail (Stripe pi_…, SSLCommerz tran_id, bKash paymentID). */
  intentReference: string;
  /** The rail's reference for the money (SSLCommerz bank_tran_id, bKash trxID). */
  paymentReference: string;
  amount: number;
};

/**
 * What the rail answered to a refund. A refusal carries the rail's reason when it gave one;
 * an unreachable rail is not an answer: it throws (503) and nothing is recorded.
 */
export type RefundOutcome =
  | { refunded: true; reference: string }
  | { refunded: false; reason: string | null };

type CommonProvider = {
  /** What the browser needs besides the client secret to load the provider's card form. */
  readonly publishableKey: string | null;
  /** Opens a payment for an offer's amount (whole taka). */
  createIntent(order: PaymentOrder): Promise<IssuedIntent>;
  /**
   * Gives a payment's whole amount back. Asking again for the same payment does not refund
   * it twice at the rail (an idempotency key, or the rail refuses a second refund).
   */
  refund(order: RefundOrder): Promise<RefundOutcome>;
};

/** What is being paid, and by whom (hosted checkouts show and require the buyer's name). */
export type PaymentOrder = {
  offerId: string;
  amount: number;
  buyer: { name: string; email: string };
  listingTitle: string;
};

/** What SSLCommerz's validation API says about one `val_id`. */
export type SslcommerzValidation = {
  status: string;
  tranId: string | null;
  valId: string;
  amount: number;
  currency: string | null;
  bankTranId: string | null;
  /** `risk_level = 1`: held for an admin to approve or refuse. */
  riskFlagged: boolean;
};

/** SSLCommerz: the buyer pays on its hosted page; we believe only its validation API. */
export type SslcommerzProvider = CommonProvider & {
  readonly name: 'sslcommerz';
  /** `clientSecret` of its intents is the gateway page's address. */
  validate(valId: string): Promise<SslcommerzValidation | null>;
  /**
   * What the transaction query API knows about our `tran_id`: its most telling validation
   * (`VALID`/`VALIDATED` first), or null when SSLCommerz has no transaction for it.
   */
  findTransaction(tranId: string): Promise<SslcommerzValidation | null>;
};

/** The built-in card processor in test mode: the server itself takes the card details. */
export type SandboxProvider = CommonProvider & {
  readonly name: 'sandbox';
  /** Charges an already validated card: the number alone decides the outcome. */
  charge(card: { cardNumber: string }): ChargeOutcome;
};

/** Stripe: the browser gives the card to Stripe; the result arrives by signed webhook. */
export type StripeProvider = CommonProvider & {
  readonly name: 'stripe';
  /** The event the raw body describes, once its signature and timestamp check out. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event;
  /** The last four digits of the card that paid an intent, when Stripe will tell. */
  cardLast4Of(intentId: string): Promise<string | null>;
  /** The amount Stripe charges for `taka`, in its smallest unit. */
  amountOf(taka: number): number;
  /** The intent as Stripe has it now (reconciliation asks when no webhook came). */
  retrieveIntent(intentId: string): Promise<Stripe.PaymentIntent>;
};

/** A bKash payment as execute or status reports it. */
export type BkashPayment = {
  /** `Completed`, `Initiated`, `Failed`, `Cancelled`, … */
  status: string;
  paymentId: string | null;
  trxId: string | null;
  amount: number;
  currency: string | null;
  invoice: string | null;
};

/** bKash tokenized checkout: the buyer approves in bKash's page; we execute on the callback. */
export type BkashProvider = CommonProvider & {
  readonly name: 'bkash';
  /** null when the outcome is uncertain (timeout, no answer): ask `query` instead of guessing. */
  execute(paymentId: string): Promise<BkashPayment | null>;
  query(paymentId: string): Promise<BkashPayment | null>;
};

export type PaymentProvider = SandboxProvider | StripeProvider | SslcommerzProvider | BkashProvider;
