import http from 'node:http';
import { serviceMessages } from '@basha/domain';
import { problem } from './problem-details.ts';

export const STARTING_DETAIL = serviceMessages.starting;

/**
 * Holds the port while the app is being built (migrations, demo data), so that a load
 * balancer or orchestrator asking /api/ready hears "starting" (503) rather than finding
 * nothing listening; every other request gets the same 503 as problem details. The app's
 * own server takes the port over once it is ready (server.ts).
 */
export async function answerWhileStarting(
  port: number,
  host: string,
): Promise<{ close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const ready = request.url?.split('?')[0] === '/api/ready';
    const body = ready
      ? { status: 'starting' }
      : problem(503, 'SERVICE_UNAVAILABLE', STARTING_DETAIL);
    response.writeHead(503, {
      'content-type': ready ? 'application/json; charset=utf-8' : 'application/problem+json',
      'retry-after': '1',
      'cache-control': 'no-store',
      // Each answer ends its connection: none is left open when the port changes hands.
      connection: 'close',
    });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
