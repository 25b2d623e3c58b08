import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVERS, type Server } from './servers.ts';

/**
 * A fresh database with its demo data took over 180 s to start at a load average of 20–25 on
 * this shared 2-core machine; a server that crashes is reported when its process exits, so the
 * longer wait costs nothing when all is well.
 */
const START_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 10_000;

/**
 * Starts every server at once, rather than one after another as Playwright's `webServer`
 * does: most of a Basha's start is its embedded database's first run and demo data (15 s for
 * one alone on this 2-core machine, so about a minute for four in turn); the six side by side
 * were ready in 37 s. Returns the teardown.
 */
export default async function startServers(): Promise<() => Promise<void>> {
  await Promise.all(SERVERS.map(refuseIfTaken));
  const running = SERVERS.map(launch);
  // Should Playwright end without its teardown (killed), the servers end with it.
  process.once('exit', () => {
    for (const { child } of running) child.kill('SIGKILL');
  });
  const stopAll = () => Promise.all(running.map(stop)).then(() => {});
  try {
    await Promise.all(running.map(ready));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}

type Running = { server: Server; child: ChildProcess; exited: Promise<string> };

function launch(server: Server): Running {
  const env = { ...process.env, ...server.env };
  if (server.freshDataDir) {
    // A fresh database for every run: each Basha starts on an empty data directory.
    env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'basha-e2e-'));
  }
  const child = spawn(process.execPath, server.args, {
    cwd: import.meta.dirname,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().trimEnd().split('\n')) {
      process.stderr.write(`[${server.name}] ${line}\n`);
    }
  });
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(`exited with ${signal ?? code}`)),
  );
  return { server, child, exited };
}

async function refuseIfTaken(server: Server) {
  if ((await statusOf(server.readyUrl)) !== undefined) {
    throw new Error(
      `${server.readyUrl} already answers: stop what holds the port (${server.name})`,
    );
  }
}

async function ready({ server, exited }: Running) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let ended: string | undefined;
  exited.then((how) => {
    ended = how;
  });
  while (Date.now() < deadline) {
    if (ended) throw new Error(`${server.name} ${ended} before it was ready`);
    const status = await statusOf(server.readyUrl);
    if (status !== undefined && status < 500) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `${server.name} was not ready at ${server.readyUrl} within ${START_TIMEOUT_MS} ms`,
  );
}

/** The status the URL answers with, or undefined while nothing listens. */
async function statusOf(url: string): Promise<number | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return response.status;
  } catch {
    return undefined;
  }
}

/** SIGTERM (a Basha finishes its requests and exits 0), then SIGKILL if it lingers. */
async function stop({ child, exited }: Running) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const lingering = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(lingering);
}
