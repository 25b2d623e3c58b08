import { randomBytes } from 'node:crypto';
import { PAYMENT_CURRENCY, paymentMessages } from '@basha/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod/mini';
import type { PaymentRailConfig } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import type { SslcommerzProvider, SslcommerzValidation } from './payment-provider.ts';

type SslcommerzConfig = Extract<PaymentRailConfig, { provider: 'sslcommerz' }>;

/** Where SSLCommerz sends the buyer back and posts its IPN (registered per session). */
export const SSLCOMMERZ_IPN_PATH = '/api/v1/payments/sslcommerz/ipn';
export const SSLCOMMERZ_RETURN_PATH = '/api/v1/payments/sslcommerz/return';

/** A gateway that has not answered in this long is treated as unreachable. */
const GATEWAY_TIMEOUT_MS = 20_000;

const SessionAnswerSchema = z.looseObject({
  status: z.string(),
  GatewayPageURL: z.optional(z.string()),
  failedreason: z.optional(z.string()),
});

const ValidationAnswerSchema = z.looseObject({
  status: z.string(),
  tran_id: z.optional(z.string()),
  val_id: z.optional(z.string()),
  amount: z.optional(z.string()),
  currency: z.optional(z.string()),
  bank_tran_id: z.optional(z.string()),
  risk_level: z.optional(z.string()),
});

/**
 * SSLCommerz's hosted checkout through its documented HTTP API, with `fetch` (ADR 27: the
 * `sslcommerz-lts` package cannot be pointed at a test server and swallows network errors).
 */
export function createSslcommerzProvider(
  config: SslcommerzConfig,
  log: FastifyBaseLogger,
): SslcommerzProvider {
  const endpoint = (path: string) => new URL(path, config.apiBase);
  const callback = (path: string) => `${config.callbackBase}${path}`;

  return {
    name: 'sslcommerz',
    publishableKey: null,

    async createIntent({ offerId, amount, buyer, listingTitle }) {
      // Our own transaction id: the intent's reference, which every callback names.
      const tranId = `basha_${randomBytes(12).toString('hex')}`;
      const form = new URLSearchParams({
        store_id: config.storeId,
        store_passwd: config.storePassword,
        total_amount: amount.toFixed(2),
        currency: PAYMENT_CURRENCY,
        tran_id: tranId,
        success_url: callback(`${SSLCOMMERZ_RETURN_PATH}/success`),
        fail_url: callback(`${SSLCOMMERZ_RETURN_PATH}/fail`),
        cancel_url: callback(`${SSLCOMMERZ_RETURN_PATH}/cancel`),
        ipn_url: callback(SSLCOMMERZ_IPN_PATH),
        // Basha keeps no postal address or phone number: the gateway page asks the buyer
        // for what its chosen method needs; these satisfy the API's required fields.
        cus_name: buyer.name,
        cus_email: buyer.email,
        cus_add1: 'Dhaka',
        cus_city: 'Dhaka',
        cus_country: 'Bangladesh',
        cus_phone: 'N/A',
        shipping_method: 'NO',
        num_of_item: '1',
        product_name: listingTitle.slice(0, 250),
        product_category: 'Property',
        product_profile: 'non-physical-goods',
        value_a: offerId,
      });
      const answer = await call(endpoint('/gwprocess/v4/api.php'), { method: 'POST', body: form });
      const session = SessionAnswerSchema.safeParse(answer);
      if (!session.success || session.data.status !== 'SUCCESS' || !session.data.GatewayPageURL) {
        const reason = session.success ? session.data.failedreason : undefined;
        log.warn({ offerId, reason }, 'SSLCommerz refused to open a session');
        throw new AppError('CONFLICT', paymentMessages.providerRefused);
      }
      return { reference: tranId, clientSecret: session.data.GatewayPageURL };
    },

    async validate(valId) {
      const url = endpoint('/validator/api/validationserverAPI.php');
      url.search = new URLSearchParams({
        val_id: valId,
        store_id: config.storeId,
        store_passwd: config.storePassword,
        v: '1',
        format: 'json',
      }).toString();
      const parsed = ValidationAnswerSchema.safeParse(await call(url, { method: 'GET' }));
      if (!parsed.success) return null;
      const v = parsed.data;
      return {
        status: v.status,
        tranId: v.tran_id ?? null,
        valId: v.val_id ?? valId,
        amount: v.amount === undefined ? Number.NaN : Number(v.amount),
        currency: v.currency ?? null,
        bankTranId: v.bank_tran_id || null,
        riskFlagged: v.risk_level === '1',
      } satisfies SslcommerzValidation;
    },
  };

  /** The gateway's JSON answer; unreachable or not JSON → 503, so the caller may retry. */
  async function call(url: URL, init: RequestInit): Promise<unknown> {
    try {
      const response = await fetch(url, {
        ...init,
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      return await response.json();
    } catch (error) {
      log.error({ err: error, path: url.pathname }, 'SSLCommerz could not be reached');
      throw new AppError('SERVICE_UNAVAILABLE', paymentMessages.providerUnavailable);
    }
  }
}
