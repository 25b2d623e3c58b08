import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import type { Registry } from 'prom-client';

// A worker that is scraped asks the primary for the metrics of the whole port. The primary
// collects every listening worker's registry and merges them with prom-client's aggregation
// (a sum, or the aggregator a metric names). prom-client's own `clusterMetrics()` is not used:
// it asks every forked worker, and one still starting (a replacement) has no metrics yet, so
// it would hold every scrape until its 5 s timeout.
const ASK = 'basha:metrics:ask';
const COLLECT = 'basha:metrics:collect';
const COLLECTED = 'basha:metrics:collected';
const ANSWER = 'basha:metrics:answer';
/** How long the primary waits for the workers' figures; a silent worker is left out. */
const COLLECT_TIMEOUT_MS = 2_000;
/** How long a worker waits for the primary's answer before it answers with its own figures. */
const ANSWER_TIMEOUT_MS = 4_000;

type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;
type Message =
  | { type: typeof ASK; id: string }
  | { type: typeof COLLECT; id: string }
  | { type: typeof COLLECTED; id: string; metrics: MetricsJson }
  | { type: typeof ANSWER; id: string; text: string };

/**
 * In the primary under WEB_CONCURRENCY > 1 (ADR 21): answers a worker's request for the
 * metrics of the whole port, so one scrape, whichever worker serves it, counts every process.
 */
export function answerClusterMetrics(): void {
  const listening = new Set<Worker>();
  cluster.on('listening', (worker) => listening.add(worker));
  cluster.on('exit', (worker) => listening.delete(worker));
  const collecting = new Map<string, (metrics: MetricsJson) => void>();

  const collect = async (): Promise<string> => {
    const workers = [...listening].filter((worker) => worker.isConnected());
    const answers = await Promise.all(
      workers.map(
        (worker) =>
          new Promise<MetricsJson | undefined>((resolve) => {
            const id = randomUUID();
            const timer = setTimeout(() => {
              collecting.delete(id);
              resolve(undefined);
            }, COLLECT_TIMEOUT_MS);
            collecting.set(id, (metrics) => {
              clearTimeout(timer);
              collecting.delete(id);
              resolve(metrics);
            });
            worker.send({ type: COLLECT, id } satisfies Message);
          }),
      ),
    );
    const figures = answers.filter((metrics) => metrics !== undefined);
    // Loaded at the first scrape: a primary whose workers have no METRICS_TOKEN never needs it.
    const { AggregatorRegistry } = await import('prom-client');
    return AggregatorRegistry.aggregate(figures).metrics();
  };

  cluster.on('message', (worker, message: Message) => {
    if (message?.type === COLLECTED) collecting.get(message.id)?.(message.metrics);
    if (message?.type !== ASK) return;
    collect().then((text) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, text });
    });
  });
}

/**
 * In a cluster's worker: gives `registry`'s figures to the primary when it collects them,
 * and returns how to read the whole port's metrics. Rejects when the primary does not answer.
 */
export function clusterMetricsFor(registry: Registry): () => Promise<string> {
  const waiting = new Map<string, (text: string) => void>();
  process.on('message', (message: Message) => {
    if (message?.type === ANSWER) waiting.get(message.id)?.(message.text);
    if (message?.type === COLLECT) {
      registry.getMetricsAsJSON().then((metrics) => {
        process.send?.({ type: COLLECTED, id: message.id, metrics } satisfies Message);
      });
    }
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = randomUUID();
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the cluster primary did not answer with the metrics'));
      }, ANSWER_TIMEOUT_MS);
      waiting.set(id, (text) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(text);
      });
      process.send?.({ type: ASK, id } satisfies Message);
    });
}
