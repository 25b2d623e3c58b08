import pg from 'pg';
import { BENCH_EMAIL_DOMAIN } from '../data/scale.ts';
import { freePort, startServer } from './child-process.ts';
import { ensureCompiledApi } from './compiled-api.ts';
import { logIn } from './fixtures.ts';

/**
 * Live event fan-out on one API process (ADR 26): N open event streams spread over K
 * generated accounts, then B broadcasts, each one notification per account committed in
 * one transaction. For every stream, the time from the commit to the event's arrival;
 * the figure is the p95 over all streams and broadcasts. Memory per stream is the server's
 * RSS (after a full collection) with the streams open, less before, over N.
 */
export type LiveStreamsOptions = {
  databaseUrl: string;
  streams: number;
  accounts: number;
  broadcasts: number;
  log: (line: string) => void;
};

export type LiveStreamsResult = {
  streams: number;
  accounts: number;
  broadcasts: number;
  deliveries: number;
  missed: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  rssMib: { before: number; withStreams: number };
  kibPerStream: number;
};

/** Target of issue 21: a broadcast reaches 2 000 streams with p95 ≤ 200 ms. */
export const BROADCAST_P95_TARGET_MS = 200;

export async function runLiveStreamsBench(options: LiveStreamsOptions): Promise<LiveStreamsResult> {
  const { databaseUrl, streams, accounts, broadcasts, log } = options;
  const script = ensureCompiledApi(log);
  const api = await startServer({
    name: 'api',
    script,
    port: await freePort(),
    healthPath: '/api/ready',
    env: { DATABASE_URL: databaseUrl, DEMO_DATA: 'false', LOG_LEVEL: 'warn', JOBS: 'separate' },
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const open: OpenStream[] = [];
  try {
    const people = await client.query<{ id: string; email: string }>(
      `SELECT id::text, email FROM users WHERE role = 'user' AND email LIKE $1
       ORDER BY email LIMIT $2`,
      [`%@${BENCH_EMAIL_DOMAIN}`, accounts],
    );
    if (people.rows.length < accounts) {
      throw new Error(
        `only ${people.rows.length} generated users: run npm run bench:generate first`,
      );
    }
    log(`Logging ${accounts} accounts in`);
    const cookies = await Promise.all(
      people.rows.map((person) => logIn(api.baseUrl, person.email)),
    );

    const before = await api.rssMibAfterCollection();
    log(`Opening ${streams} streams`);
    for (let i = 0; i < streams; i += 1) {
      open.push(
        await openStream(`${api.baseUrl}/api/v1/me/events`, cookies[i % accounts] as string),
      );
    }
    const withStreams = await api.rssMibAfterCollection();

    const latencies: number[] = [];
    let missed = 0;
    const ids = people.rows.map((person) => person.id);
    for (let b = 0; b < broadcasts; b += 1) {
      const arrivals = open.map((stream) => stream.next());
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO notifications (recipient_id, kind, params)
         SELECT id, 'roleChanged', '{"role":"user"}'::jsonb FROM unnest($1::uuid[]) AS id`,
        [ids],
      );
      await client.query('COMMIT');
      const committed = performance.now();
      const settled = await Promise.all(
        arrivals.map((arrival) => Promise.race([arrival, sleep(5000).then(() => undefined)])),
      );
      for (const at of settled) {
        if (at === undefined) missed += 1;
        else latencies.push(Math.max(0, at - committed));
      }
      log(
        `  broadcast ${b + 1}/${broadcasts}: p95 ${percentile(latencies, 0.95).toFixed(1)} ms so far`,
      );
    }

    return {
      streams,
      accounts,
      broadcasts,
      deliveries: latencies.length,
      missed,
      latencyMs: {
        p50: percentile(latencies, 0.5),
        p95: percentile(latencies, 0.95),
        p99: percentile(latencies, 0.99),
        max: Math.max(0, ...latencies),
      },
      rssMib: { before, withStreams },
      kibPerStream: Math.round((((withStreams - before) * 1024) / streams) * 10) / 10,
    };
  } finally {
    for (const stream of open) stream.close();
    await client.end();
    await api.stop();
  }
}

type OpenStream = {
  /** Resolves with the arrival time (performance.now()) of the next event. */
  next(): Promise<number>;
  close(): void;
};

async function openStream(url: string, cookie: string): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`stream refused: ${response.status} ${await response.text()}`);
  }
  const waiting: ((at: number) => void)[] = [];
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const at = performance.now();
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          // Heartbeats are comments; an event has an id.
          if (/^id:/m.test(block)) waiting.shift()?.(at);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Closed by the harness.
    }
  })();
  return {
    next: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => abort.abort(),
  };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
