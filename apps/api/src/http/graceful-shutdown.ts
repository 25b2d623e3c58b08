import type { FastifyInstance } from 'fastify';

/** How often connections that finished their last request are closed while stopping. */
const IDLE_SWEEP_MS = 25;

/**
 * Stops the app without cutting off a request under way (ADR 13): the port stops taking
 * connections, requests already received finish (and new ones arriving on a connection
 * that is still open are served, told `Connection: close`), then the database closes.
 * Requests still running after `timeoutMs` are cut off so a stop never hangs.
 */
export async function shutDown(app: FastifyInstance, timeoutMs: number): Promise<void> {
  // Node closes the connections idle at the moment the server closes, but a keep-alive
  // connection that finishes its request later stays open until its keep-alive timeout
  // (72 s with Fastify), holding the stop up: close each one once it is idle.
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const cutOff = setTimeout(() => {
    app.log.warn({ timeoutMs }, 'requests still running at the shutdown timeout: cutting them off');
    app.server.closeAllConnections();
  }, timeoutMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(cutOff);
  }
}
