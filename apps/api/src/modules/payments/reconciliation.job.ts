import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { enqueue } from '../../jobs/job-queue.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { reconcilePayments } from './payment-reconciliation.service.ts';

export const RECONCILE_PAYMENTS_JOB = 'reconcile-payments';

/** How often unresolved payments are asked about. */
export const RECONCILE_EVERY_MINUTES = 5;

/**
 * Schedules the next reconciliation for the start of the next five-minute slot, keyed by
 * that slot (the database's clock names it), so any number of processes scheduling it make
 * one job: it runs once across processes (ADR 20's pattern, as housekeeping).
 */
export async function scheduleReconciliation(db: Database): Promise<void> {
  const slotSeconds = RECONCILE_EVERY_MINUTES * 60;
  const result = (await db.execute(
    sql`select (floor(extract(epoch from now()) / ${slotSeconds}) + 1) * ${slotSeconds} as epoch`,
  )) as { rows: { epoch: string | number }[] };
  const at = new Date(Number(result.rows[0]?.epoch) * 1000);
  await enqueue(
    db,
    RECONCILE_PAYMENTS_JOB,
    {},
    { runAt: at, key: `${RECONCILE_PAYMENTS_JOB}:${at.toISOString()}` },
  );
}

/** Reconciles the enabled rails' unresolved payments, then schedules the next run. */
export function reconciliationJob(
  db: Database,
  providers: readonly PaymentProvider[],
  log: FastifyBaseLogger,
): JobHandler {
  return async () => {
    await reconcilePayments(db, providers, log);
    await scheduleReconciliation(db);
  };
}
