import './performance/heap-tuning.ts';
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { runClusterPrimary } from './http/cluster-primary.ts';
import { shutDown } from './http/graceful-shutdown.ts';
import { answerWhileStarting } from './http/starting-server.ts';

/** Beyond the shutdown timeout, how long closing the database may take before exit 1. */
const CLOSE_GRACE_MS = 5_000;

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.webConcurrency > 1 && cluster.isPrimary) {
    runClusterPrimary(config);
    return;
  }
  let app: FastifyInstance | undefined;
  let stopping = false;

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // A signal while the app is being built is acted on once it is built (below).
    if (!app) return;
    app.log.info({ signal }, 'shutting down');
    const stuck = setTimeout(() => process.exit(1), config.shutdownTimeoutMs + CLOSE_GRACE_MS);
    stuck.unref();
    shutDown(app, config.shutdownTimeoutMs).then(
      () => process.exit(0),
      (error: unknown) => {
        app?.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  // Migrations and demo data take seconds: meanwhile /api/ready answers 503 "starting".
  // Not in a cluster's worker (ADR 21): the port is shared, and a starting worker would be
  // handed requests to refuse that its running siblings can answer.
  const starting = cluster.isWorker
    ? undefined
    : await answerWhileStarting(config.port, config.host);
  const built = await buildApp(config);
  await starting?.close();
  if (stopping) {
    await built.close();
    process.exit(0);
  }
  app = built;
  // One address in the log, the one to open: Fastify's own line would name the socket
  // (http://127.0.0.1:3000), which is not PUBLIC_URL and, in production, not trusted.
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: () => `Basha is running at ${config.publicUrl}`,
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Basha failed to start:', error);
  }
  process.exit(1);
});
