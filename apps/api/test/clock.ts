import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Resolves once the clock has moved on to the next millisecond. PGlite's clock ticks in
 * milliseconds, so two rows written one after another can get the same creation time, and a
 * newest-first list then orders them by their random ids. A test about order waits for the
 * tick between the writes it compares: what it wrote before has an earlier time than what
 * it writes after. (PostgreSQL's server clock has microseconds and never needs the wait.)
 */
export async function afterTheClockTicks(): Promise<void> {
  const now = Date.now();
  while (Date.now() === now) await sleep(1);
}
