// Starts the compiled API (`node dist/server.js`, as `npm start` runs it) as real processes,
// for tests about what happens between processes: several on one database, or one port.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_PHOTO_CACHE_DIR } from './demo-photo-cache-dir.ts';
import { APP_ORIGIN, type TestApp } from './test-app.ts';

const apiRoot = path.resolve(import.meta.dirname, '..');
const serverScript = path.join(apiRoot, 'dist/server.js');
/**
 * How long a process may take to be ready: migrations and demo data took over 40 s on this
 * shared 2-core machine under load. A process that crashes is reported as soon as it exits,
 * so the long wait costs nothing when all is well.
 */
const READY_MS = 90_000;
/** The timeout of a test (or hook) that starts processes and waits for them to be ready. */
export const WITH_PROCESSES_MS = 2 * READY_MS;

export type ApiProcess = {
  child: ChildProcess;
  port: number;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with its exit code once it has exited. */
  exited: Promise<number | null>;
};

const running = new Set<ChildProcess>();

export async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverScript], {
    cwd: apiRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // As the in-process test apps (test-app.ts, ADR 41).
      PASSWORD_HASH_COST: 'low',
      DEMO_PHOTO_CACHE_DIR,
      ...env,
    },
  });
  running.add(child);
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, port, output: () => text, exited };
}

/** Waits until /api/ready answers 200; fails if the process exits first. */
export async function untilReady(api: ApiProcess): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (api.child.exitCode !== null) {
      throw new Error(`API exited with ${api.child.exitCode}: ${api.output()}`);
    }
    const ready = await fetch(`http://127.0.0.1:${api.port}/api/ready`).catch(() => undefined);
    if (ready?.status === 200) return;
    if (Date.now() - started > READY_MS) throw new Error(`API not ready: ${api.output()}`);
    await sleep(50);
  }
}

/**
 * Two processes on a test app's PostgreSQL database and data folder, as two machines behind
 * a load balancer run it, both ready. `env` adds to or overrides the shared settings.
 */
export async function startTwoApisOn(
  t: TestApp,
  env: Record<string, string>,
): Promise<[ApiProcess, ApiProcess]> {
  const settings = {
    DATABASE_URL: t.databaseUrl as string,
    DATA_DIR: t.dataDir,
    DEMO_DATA: 'false',
    PUBLIC_URL: APP_ORIGIN,
    ...env,
  };
  const apis = await Promise.all([startApi(settings), startApi(settings)]);
  await Promise.all(apis.map(untilReady));
  return apis;
}

/** Kills whatever a test file left running (call in afterAll). */
export function killStartedApis(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** A port nothing listens on now, as the OS hands one out. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
