// The API as it ships: the compiled bundle (npm run build; test/global-setup.ts builds it)
// run by plain `node`, started and stopped by signals like a process manager does it, on an
// embedded database in a data directory of its own (the database is not what is under test
// here).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './api-process.ts';
import { DEMO_PHOTO_CACHE_DIR } from './demo-photo-cache-dir.ts';

const apiRoot = path.resolve(import.meta.dirname, '..');
const serverScript = path.join(apiRoot, 'dist/server.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basha-process-'));
const running = new Set<ChildProcess>();
/** Each server's log lines (pino's JSON), to see which requests it started and finished. */
const serverLog = new WeakMap<ChildProcess, LogLine[]>();
type LogLine = { msg?: string; reqId?: string; req?: { url?: string } };
/** Marks the stream's requests in the server's log. */
const STREAM_MARK = 'stream=1';
const STREAM_PATHS = ['/api/v1/listings/latest', '/api/health', '/api/v1/reviews/featured'].map(
  (route) => `${route}?${STREAM_MARK}`,
);

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server process', () => {
  it('refuses to start in production without AUTH_SECRET', () => {
    const run = spawnSync(process.execPath, [serverScript], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('AUTH_SECRET: is required in production');
  });

  let port = 0;
  let server: ChildProcess;

  it('answers /api/ready 503 "starting" during migrations and demo data, then 200', async () => {
    port = await freePort();
    server = start(port, { SHUTDOWN_TIMEOUT_SECONDS: '30' });
    const seen = new Set<string>();
    let ready: { status: number; body: string } | undefined;
    while (!ready) {
      const answer = await get(port, '/api/ready').catch(() => undefined);
      if (answer) seen.add(`${answer.status} ${answer.body}`);
      if (answer?.status === 200) ready = answer;
      else await sleep(10);
      expect(server.exitCode).toBeNull();
    }
    expect(seen).toContain('503 {"status":"starting"}');
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready' });
    const health = await get(port, '/api/health');
    expect(health.status).toBe(200);
  }, 120_000);

  it('on SIGTERM finishes every request it started, refuses the rest, and exits 0', async () => {
    const exited = exitOf(server);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const answered: number[] = [];
    const unanswered: string[] = [];
    const cutOff: string[] = [];
    // 20 clients, each on its keep-alive connection, loop until the port refuses them.
    const client = async (index: number) => {
      for (let n = index; ; n += 1) {
        const outcome = await request(agent, port, `${STREAM_PATHS[n % STREAM_PATHS.length]}`);
        if (outcome.kind === 'answered') answered.push(outcome.status);
        else if (outcome.kind === 'cut-off') cutOff.push(outcome.error);
        else if (outcome.kind === 'reset-unanswered') unanswered.push(outcome.error);
        else return;
      }
    };
    const clients = Array.from({ length: 20 }, (_, index) => client(index));

    // Two requests under way across the signal, their bodies sent after SIGTERM: one with a
    // second request right behind it on the same connection, one whose client then stays
    // quiet on its keep-alive connection (the server must not wait for it to leave).
    const followed = await openSlowRequest(port);
    const quiet = await openSlowRequest(port);
    await sleep(1_000);
    // Signalled once the server has begun both (a busy machine may take a while to read them).
    await until(() => startedSignUps(server) === 2);
    const answeredBeforeSignal = answered.length;
    server.kill('SIGTERM');
    const signalled = Date.now();
    await sleep(300);
    const pipelined = followed.finish('GET /api/ready HTTP/1.1\r\nHost: basha\r\n\r\n');
    const quietAnswer = quiet.finish('');
    const [code] = await Promise.all([exited, ...clients]);
    const stopMs = Date.now() - signalled;
    agent.destroy();

    expect(code).toBe(0);
    // Well within the 30 s shutdown timeout this server has: nothing waited for a
    // keep-alive connection to leave (a quiet one stays 72 s) or was cut off at the timeout.
    expect(stopMs).toBeLessThan(15_000);
    expect(await quietAnswer).toMatch(/^HTTP\/1\.1 415 [\s\S]*\r\n\r\n\{.*\}$/);
    expect(cutOff).toEqual([]);
    expect(answeredBeforeSignal).toBeGreaterThan(20);
    expect(new Set(answered)).toEqual(new Set([200]));
    // A connection reset before any answer is a request the server never started on (it
    // was still in the kernel's queue when the port closed, or written onto a keep-alive
    // connection as the server closed it idle): its log shows every stream request it
    // started as completed, and the clients received exactly those answers.
    const log = serverLog.get(server) ?? [];
    const started = new Set(
      log.filter((l) => l.msg === 'incoming request' && l.req?.url?.includes(STREAM_MARK)),
    );
    const startedIds = new Set([...started].map((l) => l.reqId));
    const completed = log.filter((l) => l.msg === 'request completed' && startedIds.has(l.reqId));
    expect(completed.length).toBe(startedIds.size);
    expect(answered.length).toBe(startedIds.size);
    const answers = await pipelined;
    // The request under way finished with its normal answer (a sign-up must be multipart
    // form data), and the one behind it heard that the server is stopping.
    expect(answers).toMatch(/^HTTP\/1\.1 415 /);
    expect(answers).toMatch(
      /HTTP\/1\.1 503 [\s\S]*connection: close[\s\S]*\{"status":"stopping"\}$/i,
    );
  }, 120_000);

  it('serves again when restarted on the same data directory', async () => {
    server = start(port, { SHUTDOWN_TIMEOUT_SECONDS: '1' });
    await waitUntilReady(port, server);
    const latest = await get(port, '/api/v1/listings/latest');
    expect(latest.status).toBe(200);
    expect(JSON.parse(latest.body).items.length).toBeGreaterThan(0);

    // A request that never completes is cut off at the shutdown timeout, not waited for.
    const stalled = await openSlowRequest(port);
    await until(() => startedSignUps(server) === 1);
    const signalled = Date.now();
    server.kill('SIGINT');
    expect(await exitOf(server)).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(900);
    // Far below Node's 300 s request timeout, which is all that would end it otherwise.
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(await stalled.finish('')).toBe('');
  }, 120_000);
});

function start(port: number, env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, [serverScript], {
    cwd: apiRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      DEMO_PHOTO_CACHE_DIR,
      PGLITE_FSYNC: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  const log: LogLine[] = [];
  serverLog.set(child, log);
  readline.createInterface({ input: child.stdout as Readable }).on('line', (line) => {
    log.push(JSON.parse(line) as LogLine);
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** How many sign-ups the server has begun, by its log. */
function startedSignUps(child: ChildProcess): number {
  return (serverLog.get(child) ?? []).filter(
    (line) => line.msg === 'incoming request' && line.req?.url === '/api/auth/sign-up/email',
  ).length;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(20);
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function waitUntilReady(port: number, child: ChildProcess): Promise<void> {
  while ((await get(port, '/api/ready').catch(() => undefined))?.status !== 200) {
    expect(child.exitCode).toBeNull();
    await sleep(20);
  }
}

type Outcome =
  | { kind: 'answered'; status: number }
  | { kind: 'refused' }
  | { kind: 'reset-unanswered'; error: string }
  | { kind: 'cut-off'; error: string };

/**
 * One GET, classified: answered (whatever its status), refused (nothing listens), reset
 * before any byte of an answer arrived, or cut off once its answer had begun.
 */
function request(agent: http.Agent, port: number, urlPath: string): Promise<Outcome> {
  return new Promise((resolve) => {
    let answering = false;
    const req = http.get({ agent, host: '127.0.0.1', port, path: urlPath }, (response) => {
      answering = true;
      response.resume();
      response.once('end', () => resolve({ kind: 'answered', status: response.statusCode ?? 0 }));
      response.once('error', (error) =>
        resolve({ kind: 'cut-off', error: `${urlPath}: ${error.message}` }),
      );
    });
    req.once('error', (error: NodeJS.ErrnoException) => {
      if (answering) return;
      const what = `${urlPath}: ${error.code ?? error.message}`;
      if (error.code === 'ECONNREFUSED') resolve({ kind: 'refused' });
      else if (error.code === 'ECONNRESET') resolve({ kind: 'reset-unanswered', error: what });
      else resolve({ kind: 'cut-off', error: what });
    });
  });
}

/**
 * A sign-up whose body is held back until `finish`, which sends the rest and then `next`
 * on the same connection; resolves with everything received once the server closes it.
 */
async function openSlowRequest(port: number): Promise<{ finish(next: string): Promise<string> }> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const body = '{"email":"not an address"}';
  socket.write(
    'POST /api/auth/sign-up/email HTTP/1.1\r\nHost: basha\r\n' +
      `content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  // A reset shows as what was received before it: nothing, for a request cut off.
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  return {
    finish(next) {
      socket.write(body.slice(5) + next);
      return closed;
    },
  };
}

function get(port: number, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.once('error', reject);
      })
      .once('error', reject);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
