import { paymentMessages } from '@basha/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod/mini';
import type { PaymentRailConfig } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import type { BkashPayment, BkashProvider } from './payment-provider.ts';

type BkashConfig = Extract<PaymentRailConfig, { provider: 'bkash' }>;

/** Where bKash sends the buyer back, with `paymentID` and `status` in the query. */
export const BKASH_CALLBACK_PATH = '/api/v1/payments/bkash/callback';

const TIMEOUT_MS = 20_000;
/** A token is renewed this long before bKash says it expires, never used up to the edge. */
const TOKEN_MARGIN_MS = 5 * 60_000;

const TokenSchema = z.looseObject({
  id_token: z.string(),
  refresh_token: z.optional(z.string()),
  expires_in: z.coerce.number(),
});
const CreateSchema = z.looseObject({
  statusCode: z.string(),
  paymentID: z.optional(z.string()),
  bkashURL: z.optional(z.string()),
  statusMessage: z.optional(z.string()),
});
const PaymentSchema = z.looseObject({
  statusCode: z.optional(z.string()),
  paymentID: z.optional(z.string()),
  trxID: z.optional(z.string()),
  transactionStatus: z.optional(z.string()),
  amount: z.optional(z.string()),
  currency: z.optional(z.string()),
  merchantInvoiceNumber: z.optional(z.string()),
});

const RefundSchema = z.looseObject({
  statusCode: z.optional(z.string()),
  statusMessage: z.optional(z.string()),
  transactionStatus: z.optional(z.string()),
  refundTrxID: z.optional(z.string()),
});

/** bKash's tokenized checkout through its documented HTTP API (ADR 27). */
export function createBkashProvider(config: BkashConfig, log: FastifyBaseLogger): BkashProvider {
  let token: { id: string; refresh: string | undefined; renewAt: number } | null = null;
  let granting: Promise<string> | null = null;

  async function post(path: string, body: object, headers: Record<string, string>) {
    const response = await fetch(new URL(path, config.apiBase), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return response.json() as Promise<unknown>;
  }

  /** The cached token; a new one (refreshed when possible) shortly before it expires. */
  function idToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return Promise.resolve(token.id);
    // Concurrent payments share one grant instead of each asking bKash for a token.
    granting ??= grant().finally(() => {
      granting = null;
    });
    return granting;
  }

  async function grant(): Promise<string> {
    const credentials = { app_key: config.appKey, app_secret: config.appSecret };
    const headers = { username: config.username, password: config.password };
    const answer = token?.refresh
      ? await post(
          'tokenized/checkout/token/refresh',
          { ...credentials, refresh_token: token.refresh },
          headers,
        ).catch(() => null)
      : null;
    const parsed = TokenSchema.safeParse(answer).success
      ? TokenSchema.parse(answer)
      : TokenSchema.parse(await post('tokenized/checkout/token/grant', credentials, headers));
    token = {
      id: parsed.id_token,
      refresh: parsed.refresh_token,
      renewAt: Date.now() + parsed.expires_in * 1000 - TOKEN_MARGIN_MS,
    };
    return token.id;
  }

  async function authorized(path: string, body: object): Promise<unknown> {
    return post(path, body, { authorization: await idToken(), 'x-app-key': config.appKey });
  }

  const paymentOf = (answer: unknown): BkashPayment | null => {
    const parsed = PaymentSchema.safeParse(answer);
    if (!parsed.success || !parsed.data.transactionStatus) return null;
    const p = parsed.data;
    return {
      status: p.transactionStatus ?? 'Unknown',
      paymentId: p.paymentID ?? null,
      trxId: p.trxID ?? null,
      amount: p.amount === undefined ? Number.NaN : Number(p.amount),
      currency: p.currency ?? null,
      invoice: p.merchantInvoiceNumber ?? null,
    };
  };

  return {
    name: 'bkash',
    publishableKey: null,

    async createIntent({ offerId, amount }) {
      let answer: unknown;
      try {
        answer = await authorized('tokenized/checkout/create', {
          mode: '0011',
          payerReference: offerId,
          callbackURL: `${config.callbackBase}${BKASH_CALLBACK_PATH}`,
          amount: String(amount),
          currency: 'BDT',
          intent: 'sale',
          merchantInvoiceNumber: offerId,
        });
      } catch (error) {
        log.error({ err: error }, 'bKash could not be reached to create a payment');
        throw new AppError('SERVICE_UNAVAILABLE', paymentMessages.providerUnavailable);
      }
      const created = CreateSchema.safeParse(answer);
      if (!created.success || created.data.statusCode !== '0000' || !created.data.paymentID) {
        log.warn(
          { offerId, status: created.success ? created.data.statusMessage : null },
          'bKash refused to create a payment',
        );
        throw new AppError('CONFLICT', paymentMessages.providerRefused);
      }
      return { reference: created.data.paymentID, clientSecret: created.data.bkashURL ?? '' };
    },

    async execute(paymentId) {
      try {
        return paymentOf(await authorized('tokenized/checkout/execute', { paymentID: paymentId }));
      } catch (error) {
        // A timeout or a dropped connection: bKash may or may not have taken the money.
        log.warn({ err: error, paymentId }, 'bKash execute had no clear answer; asking its status');
        return null;
      }
    },

    async refund({ offerId, intentReference, paymentReference, amount }) {
      let answer: unknown;
      try {
        answer = await authorized('tokenized/checkout/payment/refund', {
          paymentID: intentReference,
          trxID: paymentReference,
          amount: String(amount),
          sku: offerId,
          reason: 'Refunded by a Basha admin',
        });
      } catch (error) {
        log.error({ err: error, offerId }, 'bKash could not be reached for a refund');
        throw new AppError('SERVICE_UNAVAILABLE', paymentMessages.providerUnavailable);
      }
      const parsed = RefundSchema.safeParse(answer);
      const refund = parsed.success ? parsed.data : null;
      if (refund?.transactionStatus === 'Completed' && refund.refundTrxID) {
        return { refunded: true, reference: refund.refundTrxID };
      }
      log.warn({ offerId, answer }, 'bKash refused a refund');
      return { refunded: false, reason: refund?.statusMessage ?? null };
    },

    async query(paymentId) {
      try {
        return paymentOf(
          await authorized('tokenized/checkout/payment/status', { paymentID: paymentId }),
        );
      } catch (error) {
        log.error({ err: error, paymentId }, 'bKash could not be reached for a payment status');
        throw new AppError('SERVICE_UNAVAILABLE', paymentMessages.providerUnavailable);
      }
    },
  };
}
