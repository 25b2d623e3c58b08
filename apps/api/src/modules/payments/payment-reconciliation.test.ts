import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  killStartedApis,
  startApi,
  untilReady,
  WITH_PROCESSES_MS,
} from '../../../test/api-process.ts';
import {
  FAKE_SSLCOMMERZ_STORE,
  type FakeSslcommerz,
  startFakeSslcommerz,
} from '../../../test/fake-sslcommerz-server.ts';
import {
  acceptedOffer,
  as,
  intentsOf,
  paymentsOf,
  saleState,
} from '../../../test/payments-test-kit.ts';
import { type RailsApp, startRailPayment, startRailsApp } from '../../../test/rails-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { paymentIntent } from '../../db/schema.ts';
import { enqueue } from '../../jobs/job-queue.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createPaymentProviders } from './payment-providers.ts';
import { reconcilePayments } from './payment-reconciliation.service.ts';
import { RECONCILE_PAYMENTS_JOB, scheduleReconciliation } from './reconciliation.job.ts';

/**
 * Reconciliation asks each rail's stand-in about intents whose outcome never reached us
 * and settles them through the same paths as the callbacks.
 */
let rails: RailsApp;
let t: TestApp;
let providers: PaymentProvider[];
let agent: TestAccount;
let buyer: TestAccount;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  rails = await startRailsApp();
  t = rails.t;
  providers = await createPaymentProviders(t.config.payments, log);
  agent = await createAccount(t, 'agent');
  buyer = await createAccount(t, 'user');
});
afterAll(() => rails.close());

const reconcile = () => reconcilePayments(t.database.db, providers, log);

/** Makes an intent look started `minutes` ago. */
async function age(offerId: string, minutes = 16) {
  await t.database.db
    .update(paymentIntent)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(paymentIntent.offerId, offerId));
}

async function started(rail: 'stripe' | 'sslcommerz' | 'bkash') {
  const { listingId, offerId } = await acceptedOffer(t, agent, buyer, { amount: 5050 });
  const { reference, clientSecret } = await startRailPayment(t, buyer, offerId, rail);
  return { listingId, offerId, reference, clientSecret };
}

/** Runs reconciliation until only the given offers matter: the outcomes for them. */
async function reconcileOnly(...offerIds: string[]) {
  // Other tests' intents are young or settled already; every aged one here is this test's.
  const outcomes = await reconcile();
  const intents = await Promise.all(offerIds.map((id) => intentsOf(t, id)));
  return { outcomes, intents: intents.map(([i]) => i) };
}

describe('reconciling SSLCommerz', () => {
  it('settles a payment whose IPN never came, once; a second run changes nothing', async () => {
    const { listingId, offerId, reference } = await started('sslcommerz');
    // The buyer paid on the gateway page, but neither the IPN nor the return reached us.
    const paid = rails.sslcommerz.pay(reference);
    await age(offerId);

    const { outcomes } = await reconcileOnly(offerId);
    expect(outcomes).toEqual(['paid']);
    const [payment] = await paymentsOf(t, offerId);
    expect(payment).toMatchObject({ provider: 'sslcommerz', reference: paid.bank_tran_id });
    const after = await saleState(t, listingId);
    expect(after.soldAt).not.toBeNull();
    expect(after.offers[0]?.status).toBe('paid');

    expect(await reconcile()).toEqual([]);
    expect(await saleState(t, listingId)).toEqual(after);
    expect(await paymentsOf(t, offerId)).toHaveLength(1);
  });

  it('closes a payment the gateway says failed; the offer stays payable and Pay starts anew', async () => {
    const { listingId, offerId, reference } = await started('sslcommerz');
    rails.sslcommerz.fail(reference);
    await age(offerId);
    const before = await saleState(t, listingId);

    const { outcomes, intents } = await reconcileOnly(offerId);
    expect(outcomes).toEqual(['failed']);
    expect(intents[0]?.closedAs).toBe('failed');
    expect(await saleState(t, listingId)).toEqual(before);
    expect(await reconcile()).toEqual([]);

    const again = await startRailPayment(t, buyer, offerId, 'sslcommerz');
    expect(again.reference).not.toBe(reference);
    expect((await intentsOf(t, offerId))[0]?.closedAs).toBeNull();
  });

  it('expires a session the buyer never paid, and leaves young intents alone', async () => {
    const old = await started('sslcommerz');
    const young = await started('sslcommerz');
    await age(old.offerId);
    await age(young.offerId, 14);

    const { outcomes, intents } = await reconcileOnly(old.offerId, young.offerId);
    expect(outcomes).toEqual(['expired']);
    expect(intents.map((i) => i?.closedAs)).toEqual(['expired', null]);
  });
});

describe('reconciling bKash and Stripe', () => {
  it('settles a bKash payment completed without its callback, closes a failed one and expires an unapproved one', async () => {
    const completed = await started('bkash');
    const failed = await started('bkash');
    const initiated = await started('bkash');
    rails.bkash.complete(completed.reference);
    rails.bkash.fail(failed.reference);
    for (const s of [completed, failed, initiated]) await age(s.offerId);

    const { outcomes, intents } = await reconcileOnly(
      completed.offerId,
      failed.offerId,
      initiated.offerId,
    );
    expect(outcomes).toEqual(['paid', 'failed', 'expired']);
    expect(intents.map((i) => i?.closedAs)).toEqual([null, 'failed', 'expired']);
    expect(await paymentsOf(t, completed.offerId)).toEqual([
      expect.objectContaining({
        provider: 'bkash',
        reference: rails.bkash.paymentOf(completed.reference)?.trxID,
      }),
    ]);
    expect(await paymentsOf(t, failed.offerId)).toEqual([]);
    expect(await reconcile()).toEqual([]);
    expect(await paymentsOf(t, completed.offerId)).toHaveLength(1);
  });

  it('settles a Stripe payment whose webhook never came', async () => {
    const { listingId, offerId, reference, clientSecret } = await started('stripe');
    const confirmed = await fetch(`${rails.stripe.url}/v1/payment_intents/${reference}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({
        client_secret: clientSecret,
        'payment_method_data[card][number]': '4242424242424242',
      }),
    });
    expect(confirmed.status).toBe(200);
    await age(offerId);

    expect((await reconcileOnly(offerId)).outcomes).toEqual(['paid']);
    expect((await saleState(t, listingId)).soldAt).not.toBeNull();
    expect(await reconcile()).toEqual([]);
    expect(await paymentsOf(t, offerId)).toHaveLength(1);
  });
});

describe('the reconciliation job', () => {
  it('is scheduled once however many processes schedule it, within the next five minutes', async () => {
    await Promise.all([1, 2, 3].map(() => scheduleReconciliation(t.database.db)));
    const pending = await t.database.db.execute(
      // Not yet due: a run due this instant (a slot that just began) is the previous one.
      sql`select key, run_at <= now() + interval '5 minutes' as soon from jobs
          where name = ${RECONCILE_PAYMENTS_JOB} and completed_at is null and run_at > now()`,
    );
    expect((pending as unknown as { rows: unknown[] }).rows).toEqual([
      { key: expect.stringMatching(/^reconcile-payments:/), soon: true },
    ]);
  });
});

// The API process is killed (`kill -9`) after SSLCommerz's validation API said "paid" and
// before our transaction committed the sale. After a restart, the reconciliation job on the
// job runner settles the payment, exactly once. PostgreSQL only: it takes a server that
// outlives the process, and the compiled API as `npm start` runs it.
if (inject('databaseTarget').driver === 'postgres') {
  describe('a crash between the gateway saying "paid" and our commit', {
    timeout: WITH_PROCESSES_MS,
  }, () => {
    let fake: FakeSslcommerz;
    let t: TestApp;
    let env: Record<string, string>;

    beforeAll(async () => {
      fake = await startFakeSslcommerz({ sendIpn: false });
      env = {
        PAYMENT_PROVIDERS: 'sslcommerz',
        SSLCOMMERZ_STORE_ID: FAKE_SSLCOMMERZ_STORE.id,
        SSLCOMMERZ_STORE_PASSWORD: FAKE_SSLCOMMERZ_STORE.password,
        SSLCOMMERZ_API_BASE: fake.url,
      };
      // This app only prepares data; the processes below run the jobs.
      t = await createTestApp({ ...env, JOBS: 'separate' });
    });
    afterAll(async () => {
      killStartedApis();
      await t?.close();
      await fake?.close();
    });

    it('leaves nothing half-done, and after a restart reconciliation records the payment once', async () => {
      const databaseUrl = t.databaseUrl as string;
      const agent = await createAccount(t, 'agent');
      const buyer = await createAccount(t, 'user');
      const { listingId, offerId } = await acceptedOffer(t, agent, buyer, { amount: 5050 });
      const started = await t.app.inject({
        method: 'POST',
        url: `/api/v1/offers/${offerId}/payment-intent`,
        headers: as(buyer),
        payload: { method: 'sslcommerz' },
      });
      expect(started.statusCode).toBe(200);
      const [intent] = await intentsOf(t, offerId);
      if (!intent) throw new Error('no intent stored');

      const api = await startApi({ ...env, DATABASE_URL: databaseUrl, JOBS: 'separate' });
      await untilReady(api);

      // The buyer paid on the gateway page; SSLCommerz posts its IPN.
      const posted = fake.pay(intent.reference);
      // Another session holds the listing's row lock: the API's sale transaction, which takes
      // that lock first, will wait right after the validation API confirmed the payment.
      const blocker = new pg.Client({ connectionString: databaseUrl });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('select id from listings where id = $1 for update', [listingId]);
        const ipn = fetch(`http://127.0.0.1:${api.port}/api/v1/payments/sslcommerz/ipn`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(posted),
        }).catch(() => 'connection lost');

        // The gateway said "paid" to the API, and the API waits inside its transaction.
        await until(async () => fake.validations.includes(posted.val_id));
        await until(async () => {
          const waiting = await blocker.query(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return waiting.rows[0]?.n === 1;
        });
        api.child.kill('SIGKILL');
        await api.exited;
        expect(await ipn).toBe('connection lost');
      } finally {
        await blocker.query('rollback');
        await blocker.end();
      }

      // Nothing of the sale was committed: the offer is still accepted, no money recorded.
      const untouched = await saleState(t, listingId);
      expect(untouched.payments).toBe(0);
      expect(untouched.soldAt).toBeNull();
      expect(untouched.offers.map((o) => o.status)).toEqual(['accepted']);

      // Later: the intent is overdue, and the restarted API's job runner reconciles it.
      await t.database.db.execute(
        sql`update payment_intents set created_at = now() - interval '16 minutes' where offer_id = ${offerId}`,
      );
      const restarted = await startApi({ ...env, DATABASE_URL: databaseUrl });
      await untilReady(restarted);
      const runNow = async (key: string) => {
        await enqueue(t.database.db, RECONCILE_PAYMENTS_JOB, {}, { key });
        await until(async () => {
          const rows = await t.database.db.execute(
            sql`select completed_at is not null as done from jobs where key = ${key}`,
          );
          return (rows as unknown as { rows: { done: boolean }[] }).rows[0]?.done === true;
        }, 20_000);
      };
      await runNow('crash-test-reconcile-1');

      const settled = await saleState(t, listingId);
      expect(settled.payments).toBe(1);
      expect(settled.soldAt).not.toBeNull();
      expect(settled.offers.map((o) => o.status)).toEqual(['paid']);
      expect(await paymentsOf(t, offerId)).toEqual([
        expect.objectContaining({ reference: posted.bank_tran_id, eventId: posted.val_id }),
      ]);

      // SSLCommerz retries its IPN, and reconciliation runs again: still one payment.
      const retried = await fetch(
        `http://127.0.0.1:${restarted.port}/api/v1/payments/sslcommerz/ipn`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(posted),
        },
      );
      expect(retried.status).toBe(200);
      await runNow('crash-test-reconcile-2');
      expect(await saleState(t, listingId)).toEqual(settled);
    });
  });
}
