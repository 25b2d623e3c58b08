import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../paths.ts';
import { processTree } from './load.ts';

const COLLECT_ON_REQUEST = pathToFileURL(
  path.join(import.meta.dirname, 'collect-on-request.mjs'),
).href;

/** What `npm start` sets for the API's process (ADR 39: password hashes three times cheaper). */
export const API_PROCESS_ENV: Record<string, string> = {
  GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
};

/** A Node server the harness started (the API or the hello reference), on 127.0.0.1. */
export type ServerProcess = {
  name: string;
  pid: number;
  baseUrl: string;
  /** How the process was started, as the kernel lists it (for the results: what was measured). */
  commandLine: string;
  /** Resident set size of the server process and its children (cluster workers), in MiB. */
  rssMib(): Promise<number>;
  /** The same, right after a full garbage collection in the server. */
  rssMibAfterCollection(): Promise<number>;
  stop(): Promise<void>;
};

/** A free port on the loopback interface, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts `node <script>` as a child process and waits until `healthPath` answers 200. The
 * script is plain JavaScript, run without a TypeScript loader, as `npm start` runs the API
 * (its compiled bundle, compiled-api.ts). Both the API and the hello reference are started
 * this way, so their figures compare like with like.
 */
export async function startServer(options: {
  name: string;
  script: string;
  port: number;
  env: Record<string, string>;
  healthPath: string;
  timeoutMs?: number;
  /** Where the server writes V8 CPU profiles when it stops (for finding what costs). */
  cpuProfileDir?: string;
}): Promise<ServerProcess> {
  // One folder per server: each of its threads that runs JavaScript writes a profile.
  const profiling = options.cpuProfileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(options.cpuProfileDir, options.name)}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profiling, '--expose-gc', '--import', COLLECT_ON_REQUEST, options.script],
    {
      cwd: REPO_ROOT,
      env: {
        ...API_PROCESS_ENV,
        ...process.env,
        ...options.env,
        PORT: String(options.port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
  });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  try {
    await waitForHealth(child, `${baseUrl}${options.healthPath}`, options.timeoutMs ?? 180_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${options.name} did not start: ${(error as Error).message}\n${stderr}`);
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name} has no pid`);
  return {
    name: options.name,
    pid,
    baseUrl,
    commandLine: await commandLineOf(pid),
    rssMib: () => rssMibOf(pid),
    rssMibAfterCollection: async () => {
      await collectGarbage(child);
      return rssMibOf(pid);
    },
    stop: () => stopChild(child),
  };
}

async function waitForHealth(child: ChildProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s`);
}

async function commandLineOf(pid: number): Promise<string> {
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
  return cmdline.split('\0').filter(Boolean).join(' ');
}

async function rssMibOf(pid: number): Promise<number> {
  let kib = 0;
  for (const member of await processTree(pid)) {
    const status = await fs.readFile(`/proc/${member}/status`, 'utf8').catch(() => '');
    kib += Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
  }
  return Math.round((kib / 1024) * 10) / 10;
}

function collectGarbage(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error('no answer to collect-garbage')), 10_000);
    child.once('message', () => {
      clearTimeout(timeout);
      resolve();
    });
    child.send('collect-garbage');
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
