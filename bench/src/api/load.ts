import os from 'node:os';
import autocannon, { type Request } from 'autocannon';

/** What one load run of one scenario measured. Latencies in milliseconds. */
export type RunFigures = {
  requests: number;
  durationSeconds: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Socket errors + timeouts + responses that were not 2xx. */
  errors: number;
  statusCounts: Record<string, number>;
  bytesPerResponse: number;
  /** os.loadavg()[0] when the run ended: other work on the machine distorts figures. */
  loadAverage: number;
};

export type LoadOptions = {
  url: string;
  connections: number;
  durationSeconds: number;
  method?: Request['method'];
  headers?: Record<string, string>;
  body?: string;
  /** A request sequence per connection (dynamic paths, cookies, bodies). */
  requests?: Request[];
};

/**
 * One autocannon run (no pipelining). Percentiles come from every response's own latency,
 * recorded here, because autocannon's summary has p97.5 but no p95.
 */
export async function runLoad(options: LoadOptions): Promise<RunFigures> {
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        pipelining: 1,
        duration: options.durationSeconds,
        method: options.method,
        headers: options.headers,
        body: options.body,
        requests: options.requests,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance?.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
  });
  const result = await finished;
  latencies.sort((a, b) => a - b);
  const completed = latencies.length;
  const seconds = result.duration;
  return {
    requests: completed,
    durationSeconds: round(seconds, 2),
    requestsPerSecond: round(completed / seconds, 0),
    p50: round(percentile(latencies, 50), 2),
    p95: round(percentile(latencies, 95), 2),
    p99: round(percentile(latencies, 99), 2),
    max: round(latencies.at(-1) ?? 0, 2),
    errors: result.errors + result.timeouts + result.non2xx,
    statusCounts,
    bytesPerResponse: completed > 0 ? Math.round(result.throughput.total / completed) : 0,
    loadAverage: round(os.loadavg()[0] ?? 0, 2),
  };
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
