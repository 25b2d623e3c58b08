import { randomUUID } from 'node:crypto';
import os from 'node:os';

/** Runs one SQL statement with $n parameters on a connection that serves no requests. */
export type JobQuery = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** Does a job's work. Throwing schedules a retry; the work must be safe to repeat. */
export type JobHandler = (payload: unknown) => Promise<void>;

/** Handlers by job name: a runner claims only jobs it has a handler for. */
export type JobHandlers = Record<string, JobHandler>;

export type JobRunnerOptions = {
  query: JobQuery;
  handlers: JobHandlers;
  log: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  /** How often an idle runner looks for due jobs. */
  pollIntervalMs?: number;
  /** A job locked longer than this is taken to be orphaned (its process died) and run again. */
  lockTimeoutMs?: number;
  /** The wait before the first retry; it doubles with each further attempt, up to an hour. */
  retryDelayMs?: number;
};

export type JobRunner = {
  /** Finishes the job in hand, if any, and stops claiming. */
  stop(): Promise<void>;
};

const MAX_RETRY_DELAY_MS = 60 * 60_000;

// One due job, taken by exactly one runner: SKIP LOCKED passes over rows another runner is
// claiming, and a lock older than the timeout counts as free again.
const CLAIM = `
  update jobs set locked_at = now(), locked_by = $1, attempts = attempts + 1
  where id = (
    select id from jobs
    where completed_at is null
      and run_at <= now()
      and attempts < max_attempts
      and ($2::jsonb) ? name
      and (locked_at is null or locked_at < now() - $3 * interval '1 millisecond')
    order by run_at, id
    limit 1
    for update skip locked
  )
  returning id::text as id, name, payload, attempts, max_attempts`;

// Both end only this runner's own claim: a runner whose lock timed out (and whose job was
// claimed again elsewhere) changes nothing.
const COMPLETE = `
  update jobs set completed_at = now(), locked_at = null, locked_by = null
  where id = $1 and locked_by = $2`;

const FAIL = `
  update jobs set locked_at = null, locked_by = null, last_error = $3,
    run_at = now() + least($4 * power(2, attempts - 1), $5) * interval '1 millisecond'
  where id = $1 and locked_by = $2`;

type Claimed = {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
};

/** Claims and runs due jobs one at a time until stopped (ADR 20). */
export function startJobRunner({
  query,
  handlers,
  log,
  pollIntervalMs = 500,
  lockTimeoutMs = 60_000,
  retryDelayMs = 1000,
}: JobRunnerOptions): JobRunner {
  const runnerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const names = JSON.stringify(Object.keys(handlers));
  let stopping = false;
  let wake: (() => void) | undefined;

  async function runOneDueJob(): Promise<boolean> {
    const [row] = await query(CLAIM, [runnerId, names, lockTimeoutMs]);
    if (!row) return false;
    const job = row as Claimed;
    try {
      await (handlers[job.name] as JobHandler)(job.payload);
      await query(COMPLETE, [job.id, runnerId]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await query(FAIL, [job.id, runnerId, message, retryDelayMs, MAX_RETRY_DELAY_MS]);
      const details = { err: error, job: job.name, id: job.id, attempt: job.attempts };
      if (job.attempts >= job.max_attempts) log.error(details, 'job failed for the last time');
      else log.warn(details, 'job failed; it will be retried');
    }
    return true;
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      let ran = false;
      try {
        ran = await runOneDueJob();
      } catch (error) {
        // The database is unreachable or restarting: look again at the next poll.
        log.warn({ err: error }, 'job runner could not claim a job');
      }
      if (!ran && !stopping) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollIntervalMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    }
  }

  const running = loop();
  return {
    stop: async () => {
      stopping = true;
      wake?.();
      await running;
    },
  };
}
