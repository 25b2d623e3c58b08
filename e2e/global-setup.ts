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
 * does. Most of a Basha's start on an empty data directory is its embedded database's first
 * run and the demo data, the same for each: one Basha seeds a data directory alone first,
 * and every Basha then starts on a copy of it (four seeding side by side took 37 s on this
 * 2-core machine). Returns the teardown.
 */
export default async function startServers(): Promise<() => Promise<void>> {
  await Promise.all(SERVERS.map(refuseIfTaken));
  // Should Playwright end without its teardown (killed), the servers end with it.
  process.once('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
  // The stand-ins (mailbox, payment gateways) need no data: they start beside the seeding,
  // which keeps one core busy, rather than after it.
  const running = SERVERS.filter((server) => !server.freshDataDir).map((server) => launch(server));
  let seeded: string | undefined;
  const stopAll = async () => {
    await Promise.all(running.map(stop));
    for (const dir of [seeded, ...running.map(({ dataDir }) => dataDir)]) {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    seeded = await seededDataDir();
    for (const server of SERVERS.filter((each) => each.freshDataDir)) {
      running.push(launch(server, seeded));
    }
    await Promise.all(running.map(ready));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}

/**
 * A data directory with the database migrated and the demo data in it, made by the first
 * Basha started on an empty one and stopped (it closes its database on SIGTERM).
 */
async function seededDataDir(): Promise<string> {
  const seeder = SERVERS.find((server) => server.freshDataDir);
  if (!seeder) throw new Error('no Basha among the servers');
  // Without email: the mailbox is not up yet, and what the demo data announces is not news.
  const env = Object.fromEntries(
    Object.entries(seeder.env).filter(([name]) => name !== 'SMTP_URL' && name !== 'MAIL_FROM'),
  );
  const seeding = launch({ ...seeder, env, name: `${seeder.name} (seeding)` });
  const dataDir = seeding.dataDir as string;
  try {
    try {
      await ready(seeding);
    } finally {
      await stop(seeding);
    }
    if (seeding.child.exitCode !== 0) {
      throw new Error(`${seeder.name} exited with ${seeding.child.exitCode} after seeding`);
    }
    return dataDir;
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Every server process started, the seeding one included. */
const children = new Set<ChildProcess>();

type Running = {
  server: Server;
  child: ChildProcess;
  exited: Promise<string>;
  dataDir: string | undefined;
};

/** `seeded`: the data directory a Basha starts on a copy of; without it, an empty one. */
function launch(server: Server, seeded?: string): Running {
  const env = { ...process.env, ...server.env };
  // A fresh database for every run: each Basha has a data directory of its own.
  const dataDir = server.freshDataDir
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'basha-e2e-'))
    : undefined;
  if (dataDir) {
    if (seeded) fs.cpSync(seeded, dataDir, { recursive: true });
    env.DATA_DIR = dataDir;
  }
  const child = spawn(process.execPath, server.args, {
    cwd: import.meta.dirname,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  child.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().trimEnd().split('\n')) {
      process.stderr.write(`[${server.name}] ${line}\n`);
    }
  });
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(`exited with ${signal ?? code}`)),
  );
  return { server, child, exited, dataDir };
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
