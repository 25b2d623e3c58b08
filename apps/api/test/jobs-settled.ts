import type { TestApp } from './test-app.ts';
import { until } from './until.ts';

/**
 * Resolves once the app's runner has run every job that is due (an email, a saved-search
 * match): background work an earlier request asked for, which would otherwise change the
 * database while a later request is being watched. Jobs due later (an offer's expiry) or out
 * of attempts do not count.
 */
export function dueJobsRan(t: TestApp, timeoutMs = 20_000): Promise<void> {
  return until(async () => {
    const due = await t.database.jobQuery(
      `select 1 from jobs
       where completed_at is null and run_at <= now() and attempts < max_attempts limit 1`,
      [],
    );
    return due.length === 0;
  }, timeoutMs);
}
