import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Resolves once `done` answers true, checking every 25 ms; fails after `timeoutMs`. For
 * what happens in the background (a job, another process), where no request tells when.
 */
export async function until(
  done: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not done within ${timeoutMs} ms`);
    await sleep(25);
  }
}
