import fs from 'node:fs/promises';
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
  /**
   * CPU used during the run, in % of one core: by the server under load, and by this
   * process generating the load. A load generator near 100 % means req/s is its limit,
   * not the server's.
   */
  cpuPercent: { server: number; loadGenerator: number };
  /** The API's response-cache hits and misses during the run, for scenarios that report them. */
  responseCache?: { hits: number; misses: number; hitRate: number };
  /**
   * One password hash on this machine around the run (before and after it), for scenarios
   * whose requests hash: a shared host's speed drifts from minute to minute.
   */
  passwordHashMs?: number;
};

export type LoadOptions = {
  url: string;
  /** The process answering `url`, whose CPU use (with its children's: cluster workers) is recorded. */
  serverPid: number;
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
  const serverCpuBefore = await cpuSecondsOf(options.serverPid);
  const loadGeneratorCpuBefore = process.cpuUsage();
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        pipelining: 1,
        duration: options.durationSeconds,
        // autocannon looks at its stop flag only when it samples (every second by default):
        // sampling every 100 ms lets a run last a fraction of a second (the smoke test's).
        sampleInt: 100,
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
  const serverCpu = (await cpuSecondsOf(options.serverPid)) - serverCpuBefore;
  const loadGeneratorCpu = process.cpuUsage(loadGeneratorCpuBefore);
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
    cpuPercent: {
      server: round((serverCpu / seconds) * 100, 0),
      loadGenerator: round(
        ((loadGeneratorCpu.user + loadGeneratorCpu.system) / 1e6 / seconds) * 100,
        0,
      ),
    },
  };
}

/**
 * User + system CPU seconds a process and its children (the workers of a cluster,
 * `--workers`) have used so far (Linux's /proc).
 */
async function cpuSecondsOf(pid: number): Promise<number> {
  let seconds = 0;
  for (const member of await processTree(pid)) {
    const fields = await statFieldsOf(member);
    if (fields) seconds += (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  }
  return seconds;
}

/** The fields of /proc/<pid>/stat after the command name; undefined once it has exited. */
async function statFieldsOf(pid: number): Promise<string[] | undefined> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  // The command name is in parentheses and may hold spaces.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** `pid` and its direct children (a cluster primary's workers). */
export async function processTree(pid: number): Promise<number[]> {
  const entries = await fs.readdir('/proc');
  const children: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = await statFieldsOf(Number(entry));
    if (fields && Number(fields[1]) === pid) children.push(Number(entry));
  }
  return [pid, ...children];
}

/** USER_HZ, the unit /proc counts CPU time in: fixed at 100 in Linux's user-facing ABI. */
const CLOCK_TICKS_PER_SECOND = 100;

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
