import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import { serviceMessages } from '@basha/domain';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { PoolUse } from '../db/client.ts';
import type { JobQueueDepth } from '../jobs/job-queue.ts';
import type { ResponseCacheStats } from '../performance/response-cache.ts';
import { AppError } from './app-error.ts';
import { clusterMetricsFor } from './cluster-metrics.ts';

export type MetricsSources = {
  /** The bearer token that opens /api/metrics; undefined = no metrics at all (404). */
  token: string | undefined;
  poolUse(): PoolUse;
  responses(): ResponseCacheStats;
  /** Read from the database at each scrape, never per request. */
  jobQueueDepth(): Promise<JobQueueDepth>;
  /** Live event streams open in this process (ADR 26). */
  liveStreams(): number;
};

/** Requests not matched by any route share one label, so strangers' URLs add no series. */
const UNMATCHED = '(unmatched)';

/**
 * Prometheus metrics at /api/metrics for whoever holds METRICS_TOKEN (ADR 13). Off when the
 * token is unset: no route and no hook, so the default costs nothing per request, and
 * prom-client is not even loaded (about 0.08 s of CPU at every start). On, each request
 * costs a histogram observation, labelled by its route's pattern (never the URL).
 */
export async function registerMetrics(
  app: FastifyInstance,
  sources: MetricsSources,
): Promise<void> {
  const { token } = sources;
  if (!token) return;
  const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = await import(
    'prom-client'
  );
  const registry = new Registry();
  // Process memory and CPU, heap spaces, event-loop lag, garbage collections.
  collectDefaultMetrics({ register: registry });

  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status (its _count counts requests)',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // Labels are made once per route, method and status: a request allocates none of its own.
  const labelsByRoute = new WeakMap<FastifyContextConfig, Map<string, Map<number, Labels>>>();
  type Labels = { method: string; route: string; status_code: number };
  app.addHook('onResponse', (request, reply, done) => {
    const { config } = request.routeOptions;
    let byMethod = labelsByRoute.get(config);
    if (!byMethod) {
      byMethod = new Map();
      labelsByRoute.set(config, byMethod);
    }
    let byStatus = byMethod.get(request.method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(request.method, byStatus);
    }
    let labels = byStatus.get(reply.statusCode);
    if (!labels) {
      const route = (config as { url?: string }).url ?? UNMATCHED;
      labels = { method: request.method, route, status_code: reply.statusCode };
      byStatus.set(reply.statusCode, labels);
    }
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  new Gauge({
    name: 'basha_db_pool_connections',
    help: 'Database connections by state (total, idle) and queries waiting for one; PGlite shows its one connection',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = sources.poolUse();
      this.set({ state: 'total' }, use.total);
      if (use.idle !== undefined) this.set({ state: 'idle' }, use.idle);
      if (use.waiting !== undefined) this.set({ state: 'waiting' }, use.waiting);
    },
  });
  const cacheCounter = (name: string, help: string, read: (s: ResponseCacheStats) => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        // The cache counts for itself; the counter shows its count.
        this.reset();
        this.inc(read(sources.responses()));
      },
    });
  cacheCounter(
    'basha_response_cache_hits_total',
    'Answers served from the response cache',
    (s) => s.hits,
  );
  cacheCounter(
    'basha_response_cache_misses_total',
    'Cacheable requests the cache could not answer',
    (s) => s.misses,
  );
  new Gauge({
    name: 'basha_response_cache_bytes',
    help: 'Bytes held by the response cache (bodies and compressed copies)',
    registers: [registry],
    collect() {
      this.set(sources.responses().bytes);
    },
  });

  new Gauge({
    name: 'basha_jobs',
    help: 'Unfinished background jobs by state: waiting (due, not yet taken), scheduled (due later), running, failed (out of attempts)',
    labelNames: ['state'] as const,
    registers: [registry],
    // Every process reads the same table: across a cluster the depth is one process's, not a sum.
    aggregator: 'max',
    async collect() {
      const depth = await sources.jobQueueDepth();
      for (const [state, count] of Object.entries(depth)) this.set({ state }, count);
    },
  });
  new Gauge({
    name: 'basha_live_streams',
    help: 'Live event streams (signed-in tabs) open in the API processes this answer holds',
    registers: [registry],
    collect() {
      this.set(sources.liveStreams());
    },
  });
  new Gauge({
    name: 'basha_api_processes',
    help: 'API processes whose metrics this answer holds: WEB_CONCURRENCY of them behind one port',
    registers: [registry],
    collect() {
      this.set(1);
    },
  });

  // Behind one port (WEB_CONCURRENCY, ADR 21) a scrape is answered by one worker with the
  // whole cluster's metrics, asked of the primary; the answering worker's own pid is added,
  // so a scraper can still tell which process answered.
  const answering = new Registry();
  new Gauge({
    name: 'basha_process_pid',
    help: 'The id of the API process that answered this scrape',
    registers: [answering],
    collect() {
      this.set(process.pid);
    },
  });
  const clusterTotal = cluster.isWorker ? clusterMetricsFor(registry) : undefined;
  const metricsText = async () => {
    if (!clusterTotal) return registry.metrics();
    try {
      return await clusterTotal();
    } catch (error) {
      // A scrape still gets this process's figures, and the log says why they are not all.
      app.log.warn({ err: error }, 'metrics of this process only: the cluster did not answer');
      return registry.metrics();
    }
  };

  const expected = digest(token);
  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    const offered = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    // Compared as digests: equal lengths, and no timing hint about the token.
    if (!offered || !timingSafeEqual(digest(offered), expected)) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError('UNAUTHENTICATED', serviceMessages.metricsToken);
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    const [own, pid] = await Promise.all([metricsText(), answering.metrics()]);
    return `${own.endsWith('\n') ? own : `${own}\n`}${pid}`;
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
