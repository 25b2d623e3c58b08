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

const TransactionQueryAnswerSchema = z.looseObject({
  APIConnect: z.optional(z.string()),
  element: z.optional(z.array(ValidationAnswerSchema)),
});

const RefundAnswerSchema = z.looseObject({
  APIConnect: z.optional(z.string()),
  status: z.optional(z.string()),
  refund_ref_id: z.optional(z.nullable(z.string())),
  errorReason: z.optional(z.nullable(z.string())),
});

/** The transaction query and refund API share one documented endpoint. */
const MERCHANT_API_PATH = '/validator/api/merchantTransIDvalidationAPI.php';

const confirmed = (status: string) => status === 'VALID' || status === 'VALIDATED';

function validationOf(
  v: z.infer<typeof ValidationAnswerSchema>,
  valId: string,
): SslcommerzValidation {
  return {
    status: v.status,
    tranId: v.tran_id ?? null,
    valId: v.val_id ?? valId,
    amount: v.amount === undefined ? Number.NaN : Number(v.amount),
    currency: v.currency ?? null,
    bankTranId: v.bank_tran_id || null,
    riskFlagged: v.risk_level === '1',
  };
}

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
  const merchantApi = (params: Record<string, string>) => {
    const url = endpoint(MERCHANT_API_PATH);
    url.search = new URLSearchParams({
      ...params,
      store_id: config.storeId,
      store_passwd: config.storePassword,
      v: '1',
      format: 'json',
    }).toString();
    return url;
  };

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
      return parsed.success ? validationOf(parsed.data, valId) : null;
    },

    async findTransaction(tranId) {
      const answer = await call(merchantApi({ tran_id: tranId }), { method: 'GET' });
      const parsed = TransactionQueryAnswerSchema.safeParse(answer);
      const found = parsed.success ? (parsed.data.element ?? []) : [];
      // A buyer may have tried several times on the gateway page; a confirmed try decides.
      const best = found.find((e) => confirmed(e.status)) ?? found[0];
      return best ? validationOf(best, best.val_id ?? '') : null;
    },

    async refund({ offerId, paymentReference, amount }) {
      const url = merchantApi({
        bank_tran_id: paymentReference,
        refund_amount: amount.toFixed(2),
        refund_remarks: 'Refunded by a Basha admin',
        // Our reference for the refund: SSLCommerz answers `processing` to a repeat.
        refe_id: `refund_${offerId}`,
      });
      const parsed = RefundAnswerSchema.safeParse(await call(url, { method: 'GET' }));
      const answer = parsed.success ? parsed.data : null;
      const refundRef = answer?.refund_ref_id;
      if (
        answer?.APIConnect === 'DONE' &&
        (answer.status === 'success' || answer.status === 'processing') &&
        refundRef
      ) {
        return { refunded: true, reference: refundRef };
      }
      log.warn({ offerId, answer }, 'SSLCommerz refused a refund');
      return { refunded: false, reason: answer?.errorReason ?? null };
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
