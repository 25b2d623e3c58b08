// TEST DOUBLE of an external service: a stand-in for SSLCommerz's gateway
// (sandbox.sslcommerz.com), used by API tests and end-to-end runs; production never
// imports it. It implements the documented shapes Basha uses: session create
// (POST /gwprocess/v4/api.php), the hosted page, the IPN post, the buyer's return post,
// the validation API (GET /validator/api/validationserverAPI.php), and the merchant API
// (GET /validator/api/merchantTransIDvalidationAPI.php): the transaction query by
// `tran_id` and the refund by `bank_tran_id`, with their failure modes.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_SSLCOMMERZ_STORE = { id: 'basha_test_store', password: 'basha_test_store@ssl' };

type Session = {
  sessionKey: string;
  tranId: string;
  amount: string;
  currency: string;
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  ipnUrl: string;
};

type Transaction = {
  valId: string;
  tranId: string;
  amount: string;
  currency: string;
  status: 'VALID' | 'VALIDATED' | 'FAILED';
  bankTranId: string;
  riskLevel: '0' | '1';
};

/** How the next payment on the hosted page (or `pay`) should differ from a clean one. */
export type PaymentTwist = { riskLevel?: '0' | '1'; amount?: string; currency?: string };

export type FakeSslcommerz = Awaited<ReturnType<typeof startFakeSslcommerz>>;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page that posts `fields` to `action` at once, as the real gateway returns the buyer. */
function autoPost(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<!doctype html><html><body><form id="back" method="post" action="${escapeHtml(action)}">${inputs}<noscript><button>Continue</button></noscript></form><script>document.getElementById('back').submit()</script></body></html>`;
}

export async function startFakeSslcommerz(options: { port?: number; sendIpn?: boolean } = {}) {
  const sessions = new Map<string, Session>();
  const transactions = new Map<string, Transaction>();
  const validations: string[] = [];
  const ipnDeliveries: Promise<unknown>[] = [];
  let twist: PaymentTwist = {};
  let validationDown = false;
  let refundRefusal: string | null = null;
  /** Refunds made, by bank_tran_id: our refe_id and SSLCommerz's refund_ref_id. */
  const refunds = new Map<string, { refeId: string; refundRefId: string; amount: string }>();

  const settle = (session: Session, change: PaymentTwist = twist): Transaction => {
    const transaction: Transaction = {
      valId: `val_${randomBytes(10).toString('hex')}`,
      tranId: session.tranId,
      amount: change.amount ?? session.amount,
      currency: change.currency ?? session.currency,
      status: 'VALID',
      bankTranId: `BTX${randomBytes(6).toString('hex').toUpperCase()}`,
      riskLevel: change.riskLevel ?? '0',
    };
    transactions.set(transaction.valId, transaction);
    return transaction;
  };
  const posted = (t: Transaction) => ({
    tran_id: t.tranId,
    val_id: t.valId,
    amount: t.amount,
    currency: t.currency,
    status: 'VALID',
    bank_tran_id: t.bankTranId,
    risk_level: t.riskLevel,
  });
  const postForm = (url: string, fields: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      void answer(req, raw).then(({ status, type, body }) => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      });
    });
  });
  const json = (body: unknown, status = 200) => ({
    status,
    type: 'application/json',
    body: JSON.stringify(body),
  });
  const html = (body: string) => ({ status: 200, type: 'text/html; charset=utf-8', body });

  async function answer(req: http.IncomingMessage, raw: string) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const form = new URLSearchParams(raw);
    if (req.method === 'POST' && url.pathname === '/gwprocess/v4/api.php') {
      if (
        form.get('store_id') !== FAKE_SSLCOMMERZ_STORE.id ||
        form.get('store_passwd') !== FAKE_SSLCOMMERZ_STORE.password
      ) {
        return json({
          status: 'FAILED',
          failedreason: 'Store Credential Error Or Store is De-active',
        });
      }
      const session: Session = {
        sessionKey: randomBytes(16).toString('hex'),
        tranId: form.get('tran_id') ?? '',
        amount: form.get('total_amount') ?? '',
        currency: form.get('currency') ?? '',
        successUrl: form.get('success_url') ?? '',
        failUrl: form.get('fail_url') ?? '',
        cancelUrl: form.get('cancel_url') ?? '',
        ipnUrl: form.get('ipn_url') ?? '',
      };
      sessions.set(session.sessionKey, session);
      return json({
        status: 'SUCCESS',
        sessionkey: session.sessionKey,
        GatewayPageURL: `${baseUrl}/gwprocess/v4/pay/${session.sessionKey}`,
      });
    }
    const page = url.pathname.match(/^\/gwprocess\/v4\/pay\/(\w+)(?:\/(pay|fail|cancel))?$/);
    const session = page ? sessions.get(page[1] as string) : undefined;
    if (page && session && req.method === 'GET' && !page[2]) {
      const button = (action: string, label: string) =>
        `<form method="post" action="/gwprocess/v4/pay/${session.sessionKey}/${action}"><button>${label}</button></form>`;
      return html(
        `<!doctype html><html lang="en"><head><title>SSLCommerz sandbox (test double)</title></head><body><h1>SSLCommerz test gateway</h1><p>Amount: ${escapeHtml(session.amount)} ${escapeHtml(session.currency)}</p>${button('pay', 'Pay')}${button('fail', 'Fail')}${button('cancel', 'Cancel')}</body></html>`,
      );
    }
    if (page && session && req.method === 'POST' && page[2]) {
      if (page[2] === 'fail') {
        failed(session);
        return html(autoPost(session.failUrl, { tran_id: session.tranId, status: 'FAILED' }));
      }
      if (page[2] === 'cancel') {
        return html(autoPost(session.cancelUrl, { tran_id: session.tranId, status: 'CANCELLED' }));
      }
      const transaction = settle(session);
      if (options.sendIpn !== false) {
        ipnDeliveries.push(postForm(session.ipnUrl, posted(transaction)).catch(() => null));
      }
      return html(autoPost(session.successUrl, posted(transaction)));
    }
    if (
      req.method === 'GET' &&
      url.pathname === '/validator/api/merchantTransIDvalidationAPI.php'
    ) {
      const storeOk =
        url.searchParams.get('store_id') === FAKE_SSLCOMMERZ_STORE.id &&
        url.searchParams.get('store_passwd') === FAKE_SSLCOMMERZ_STORE.password;
      if (!storeOk) return json({ APIConnect: 'INVALID_REQUEST' });
      const bankTranId = url.searchParams.get('bank_tran_id');
      if (bankTranId) return refund(bankTranId, url.searchParams);
      const tranId = url.searchParams.get('tran_id') ?? '';
      const found = [...transactions.values()].filter((t) => t.tranId === tranId);
      return json({
        APIConnect: 'DONE',
        no_of_trans_found: found.length,
        element: found.map((t) => ({
          val_id: t.valId,
          status: t.status,
          tran_id: t.tranId,
          amount: t.amount,
          currency: t.currency,
          bank_tran_id: t.bankTranId,
          risk_level: t.riskLevel,
        })),
      });
    }
    if (req.method === 'GET' && url.pathname === '/validator/api/validationserverAPI.php') {
      const valId = url.searchParams.get('val_id') ?? '';
      validations.push(valId);
      if (validationDown) return { status: 502, type: 'text/html', body: '<h1>Bad gateway</h1>' };
      const t = transactions.get(valId);
      const storeOk =
        url.searchParams.get('store_id') === FAKE_SSLCOMMERZ_STORE.id &&
        url.searchParams.get('store_passwd') === FAKE_SSLCOMMERZ_STORE.password;
      if (!t || !storeOk || t.status === 'FAILED') return json({ status: 'INVALID_TRANSACTION' });
      const answer = {
        status: t.status,
        tran_date: new Date().toISOString(),
        tran_id: t.tranId,
        val_id: t.valId,
        amount: t.amount,
        store_amount: t.amount,
        currency: t.currency,
        bank_tran_id: t.bankTranId,
        card_type: 'BKASH-BKash',
        risk_level: t.riskLevel,
        risk_title: t.riskLevel === '1' ? 'Risky' : 'Safe',
      };
      // The gateway answers VALID once, then VALIDATED for the same val_id.
      t.status = 'VALIDATED';
      return json(answer);
    }
    // The hosted page's browser asks for an icon; a real gateway has one.
    if (url.pathname === '/favicon.ico') return { status: 204, type: 'image/x-icon', body: '' };
    return json({ status: 'FAILED', failedreason: 'not found' }, 404);
  }

  function failed(session: Session): void {
    const t = settle(session, {});
    t.status = 'FAILED';
  }

  /** The refund API: the whole amount or less, once per transaction; a repeat is `processing`. */
  function refund(bankTranId: string, params: URLSearchParams) {
    const t = [...transactions.values()].find((x) => x.bankTranId === bankTranId);
    const refeId = params.get('refe_id') ?? '';
    const refused = (errorReason: string) =>
      json({ APIConnect: 'DONE', bank_tran_id: bankTranId, status: 'failed', errorReason });
    if (refundRefusal) return refused(refundRefusal);
    if (!t || t.status === 'FAILED') return refused('Invalid bank transaction ID.');
    const done = refunds.get(bankTranId);
    if (done) {
      return done.refeId === refeId
        ? json({
            APIConnect: 'DONE',
            bank_tran_id: bankTranId,
            trans_id: t.tranId,
            refund_ref_id: done.refundRefId,
            status: 'processing',
          })
        : refused('This transaction has already been refunded.');
    }
    if (Number(params.get('refund_amount')) > Number(t.amount)) {
      return refused('Refund amount exceeds the transaction amount.');
    }
    const made = {
      refeId,
      refundRefId: `RFD${randomBytes(6).toString('hex').toUpperCase()}`,
      amount: params.get('refund_amount') ?? '',
    };
    refunds.set(bankTranId, made);
    return json({
      APIConnect: 'DONE',
      bank_tran_id: bankTranId,
      trans_id: t.tranId,
      refund_ref_id: made.refundRefId,
      status: 'success',
    });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    /** val_ids the validation API was asked about, in order. */
    validations,
    /** The session opened for our transaction id (what the buyer would see). */
    sessionOf: (tranId: string) => [...sessions.values()].find((s) => s.tranId === tranId),
    /** The buyer pays on the hosted page (no browser): the form fields SSLCommerz posts. */
    pay(tranId: string, change: PaymentTwist = {}) {
      const session = [...sessions.values()].find((s) => s.tranId === tranId);
      if (!session) throw new Error(`no SSLCommerz session for ${tranId}`);
      return posted(settle(session, change));
    },
    /** Makes the next payments on the hosted page differ (risk, amount, currency). */
    twistPayments(change: PaymentTwist) {
      twist = change;
    },
    /** Refunds made, by bank_tran_id. */
    refunds,
    /** The buyer's payment failed on the hosted page (no browser, no post back). */
    fail(tranId: string) {
      const session = [...sessions.values()].find((s) => s.tranId === tranId);
      if (!session) throw new Error(`no SSLCommerz session for ${tranId}`);
      failed(session);
    },
    /** The refund API refuses every refund with `reason` (null: back to normal). */
    refuseRefunds(reason: string | null) {
      refundRefusal = reason;
    },
    /** The validation API answers 502 until set back. */
    setValidationDown(down: boolean) {
      validationDown = down;
    },
    async close() {
      await Promise.allSettled(ipnDeliveries);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
