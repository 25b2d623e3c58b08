// TEST DOUBLE of an external service: a stand-in for bKash's tokenized checkout API
// (tokenized.sandbox.bka.sh/v1.2.0-beta), used by API tests and end-to-end runs; production
// never imports it. It implements the documented shapes Basha uses: token grant and
// refresh, create, the hosted page (Pay / Fail / Cancel), the callback redirect, execute,
// payment status, and refund (POST tokenized/checkout/payment/refund: paymentID, trxID,
// amount, sku, reason), with failure modes for an execute whose answer never arrives and
// refunds the gateway refuses.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_BKASH_CREDENTIALS = {
  appKey: 'basha_app_key',
  appSecret: 'basha_app_secret',
  username: 'basha_merchant',
  password: 'basha_merchant_pw',
};

type Payment = {
  paymentID: string;
  amount: string;
  currency: string;
  invoice: string;
  callbackURL: string;
  status: 'Initiated' | 'Approved' | 'Completed' | 'Failed' | 'Cancelled';
  trxID: string | null;
};

export type FakeBkash = Awaited<ReturnType<typeof startFakeBkash>>;

export async function startFakeBkash(options: { port?: number; tokenSeconds?: number } = {}) {
  const payments = new Map<string, Payment>();
  const tokens = new Set<string>();
  const calls: string[] = [];
  /** Executes that complete the payment but drop the connection before answering. */
  let executesDropped = 0;
  let refundRefusal: string | null = null;
  /** Refunds made, by paymentID. */
  const refunds = new Map<string, { refundTrxID: string; amount: string }>();

  const newToken = () => {
    const id = `tok_${randomBytes(10).toString('hex')}`;
    tokens.add(id);
    return {
      statusCode: '0000',
      statusMessage: 'Successful',
      id_token: id,
      refresh_token: `ref_${randomBytes(10).toString('hex')}`,
      expires_in: options.tokenSeconds ?? 3600,
      token_type: 'Bearer',
    };
  };
  const view = (p: Payment) => ({
    statusCode: '0000',
    statusMessage: 'Successful',
    paymentID: p.paymentID,
    trxID: p.trxID ?? undefined,
    transactionStatus: p.status === 'Approved' ? 'Initiated' : p.status,
    amount: p.amount,
    currency: p.currency,
    intent: 'sale',
    merchantInvoiceNumber: p.invoice,
  });

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname.replace(/^\/v1\.2\.0-beta/, '');
      calls.push(path);
      const send = (status: number, body: unknown, type = 'application/json') => {
        res.writeHead(status, { 'content-type': type });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      const body = raw ? (JSON.parse(raw) as Record<string, string>) : {};
      const credentialsOk =
        body.app_key === FAKE_BKASH_CREDENTIALS.appKey &&
        body.app_secret === FAKE_BKASH_CREDENTIALS.appSecret &&
        req.headers.username === FAKE_BKASH_CREDENTIALS.username &&
        req.headers.password === FAKE_BKASH_CREDENTIALS.password;
      if (
        path === '/tokenized/checkout/token/grant' ||
        path === '/tokenized/checkout/token/refresh'
      ) {
        return credentialsOk
          ? send(200, newToken())
          : send(200, { statusCode: '2079', statusMessage: 'Invalid App Token' });
      }
      const page = path.match(/^\/checkout\/(\w+)(?:\/(pay|fail|cancel))?$/);
      const onPage = page ? payments.get(page[1] as string) : undefined;
      if (page && onPage && req.method === 'GET' && !page[2]) {
        const link = (action: string, label: string) =>
          `<form method="post" action="/checkout/${onPage.paymentID}/${action}"><button>${label}</button></form>`;
        return send(
          200,
          `<!doctype html><html lang="en"><head><title>bKash sandbox (test double)</title></head><body><h1>bKash test checkout</h1><p>Amount: ${onPage.amount} ${onPage.currency}</p>${link('pay', 'Pay')}${link('fail', 'Fail')}${link('cancel', 'Cancel')}</body></html>`,
          'text/html; charset=utf-8',
        );
      }
      if (page && onPage && req.method === 'POST' && page[2]) {
        const status = page[2] === 'pay' ? 'success' : page[2] === 'fail' ? 'failure' : 'cancel';
        onPage.status =
          page[2] === 'pay' ? 'Approved' : page[2] === 'fail' ? 'Failed' : 'Cancelled';
        const back = new URL(onPage.callbackURL);
        back.searchParams.set('paymentID', onPage.paymentID);
        back.searchParams.set('status', status);
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      // The hosted page's browser asks for an icon; a real gateway has one.
      if (path === '/favicon.ico') return send(204, '');
      if (!tokens.has(String(req.headers.authorization))) {
        return send(401, { statusCode: '2079', statusMessage: 'Invalid App Token' });
      }
      if (path === '/tokenized/checkout/create') {
        const payment: Payment = {
          paymentID: `TR${randomBytes(8).toString('hex').toUpperCase()}`,
          amount: body.amount ?? '',
          currency: body.currency ?? '',
          invoice: body.merchantInvoiceNumber ?? '',
          callbackURL: body.callbackURL ?? '',
          status: 'Initiated',
          trxID: null,
        };
        payments.set(payment.paymentID, payment);
        return send(200, {
          ...view(payment),
          bkashURL: `${baseUrl}/checkout/${payment.paymentID}`,
          callbackURL: payment.callbackURL,
        });
      }
      const payment = payments.get(body.paymentID ?? '');
      if (!payment)
        return send(200, { statusCode: '2056', statusMessage: 'Invalid Payment State' });
      if (path === '/tokenized/checkout/execute') {
        if (payment.status !== 'Approved') {
          return send(200, { statusCode: '2056', statusMessage: 'Invalid Payment State' });
        }
        payment.status = 'Completed';
        payment.trxID = `TRX${randomBytes(5).toString('hex').toUpperCase()}`;
        if (executesDropped > 0) {
          executesDropped -= 1;
          // The money moved, but the answer is lost on the way: an uncertain outcome.
          req.socket.destroy();
          return;
        }
        return send(200, view(payment));
      }
      if (path === '/tokenized/checkout/payment/status') return send(200, view(payment));
      if (path === '/tokenized/checkout/payment/refund') {
        // Stand-in error codes; bKash answers a refused refund with statusCode/statusMessage.
        const refused = (statusMessage: string) => send(200, { statusCode: '2071', statusMessage });
        if (refundRefusal) return refused(refundRefusal);
        if (payment.status !== 'Completed' || body.trxID !== payment.trxID) {
          return refused('Invalid transaction');
        }
        if (refunds.has(payment.paymentID)) return refused('Already refunded');
        if (Number(body.amount) > Number(payment.amount)) {
          return refused('Refund amount exceeds the transaction amount');
        }
        const refund = {
          refundTrxID: `RTX${randomBytes(5).toString('hex').toUpperCase()}`,
          amount: body.amount ?? '',
        };
        refunds.set(payment.paymentID, refund);
        return send(200, {
          completedTime: new Date().toISOString(),
          transactionStatus: 'Completed',
          originalTrxID: payment.trxID,
          refundTrxID: refund.refundTrxID,
          amount: refund.amount,
          currency: payment.currency,
          charge: '0.00',
        });
      }
      return send(404, { statusCode: '9999', statusMessage: 'not found' });
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${baseUrl}/v1.2.0-beta/`,
    /** Every API path called, in order (token grants, creates, executes, status queries). */
    calls,
    /** The buyer approves in bKash's page (no browser). */
    approve(paymentID: string) {
      const payment = payments.get(paymentID);
      if (!payment) throw new Error(`no bKash payment ${paymentID}`);
      payment.status = 'Approved';
    },
    paymentOf: (paymentID: string) => payments.get(paymentID),
    /** Refunds made, by paymentID. */
    refunds,
    /** The buyer's payment failed in bKash's page (no browser, no callback). */
    fail(paymentID: string) {
      const payment = payments.get(paymentID);
      if (!payment) throw new Error(`no bKash payment ${paymentID}`);
      payment.status = 'Failed';
    },
    /** The buyer approved and bKash completed the payment, but no callback reached us. */
    complete(paymentID: string) {
      const payment = payments.get(paymentID);
      if (!payment) throw new Error(`no bKash payment ${paymentID}`);
      payment.status = 'Completed';
      payment.trxID = `TRX${randomBytes(5).toString('hex').toUpperCase()}`;
    },
    /** Every refund is refused with `reason` (null: back to normal). */
    refuseRefunds(reason: string | null) {
      refundRefusal = reason;
    },
    /** The next `count` executes complete the payment but never answer. */
    dropExecuteAnswers(count: number) {
      executesDropped = count;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
