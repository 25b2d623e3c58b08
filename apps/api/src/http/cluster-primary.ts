import cluster from 'node:cluster';
import pino from 'pino';
import type { Config } from '../config.ts';
import { answerClusterMetrics } from './cluster-metrics.ts';
import { loggerOptions } from './logger.ts';

/** A worker that dies this many times within the window is crash-looping: the primary gives up. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/**
 * WEB_CONCURRENCY > 1 (ADR 21): this process forks that many API processes that share its
 * port (node:cluster hands them connections in turn) and serves nothing itself but the
 * workers' request for the cluster's metrics. It restarts
 * a worker that dies, and on SIGTERM or SIGINT passes the signal on, waits for every worker
 * to stop gracefully, and exits 0 if they all did.
 */
export function runClusterPrimary(config: Config): void {
  const log = pino(loggerOptions(config.logLevel));
  let stopping = false;
  let stoppedCleanly = true;
  let recentRestarts: number[] = [];

  const workers = () => Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, workers: workers().length }, 'stopping the API processes');
    for (const worker of workers()) worker.process.kill(signal);
    if (workers().length === 0) process.exit(stoppedCleanly ? 0 : 1);
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) stoppedCleanly = false;
      if (workers().length === 0) process.exit(stoppedCleanly ? 0 : 1);
      return;
    }
    const now = Date.now();
    recentRestarts = recentRestarts.filter((at) => now - at < RESTART_WINDOW_MS);
    if (recentRestarts.length >= MAX_RESTARTS) {
      log.error(
        { worker: worker.process.pid, code, signal },
        `an API process died ${MAX_RESTARTS + 1} times within ${RESTART_WINDOW_MS / 1000} s; stopping`,
      );
      stoppedCleanly = false;
      stop('SIGTERM');
      return;
    }
    recentRestarts.push(now);
    log.warn({ worker: worker.process.pid, code, signal }, 'an API process died; starting another');
    cluster.fork();
  });
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // One scrape of /api/metrics sees every worker's figures (ADR 21).
  if (config.metricsToken) answerClusterMetrics();

  for (let n = 0; n < config.webConcurrency; n += 1) cluster.fork();
  log.info({ workers: config.webConcurrency }, 'started the API processes');
}
