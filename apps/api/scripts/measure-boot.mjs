#!/usr/bin/env node
// Boot time (start → /api/health answers 200) and resident memory right after, of the
// compiled API (`node dist/server.js`) against the same source under tsx, taking turns so
// a drift in the machine's speed touches both. Run `npm run build` first. Used for ADR 13:
//   node apps/api/scripts/measure-boot.mjs [runs]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const apiRoot = path.resolve(import.meta.dirname, '..');
const runs = Number(process.argv[2] ?? 7);
const port = Number(process.env.PORT ?? 4460);
const variants = {
  compiled: ['node', ['dist/server.js']],
  tsx: ['node', ['--import', 'tsx', 'src/server.ts']],
};

// Every boot opens the same seeded data directory: a restart, the usual case.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basha-boot-'));
await boot(variants.compiled);

const figures = { compiled: [], tsx: [] };
for (let run = 0; run < runs; run += 1) {
  for (const [name, command] of Object.entries(variants)) figures[name].push(await boot(command));
}
for (const [name, list] of Object.entries(figures)) {
  const ms = list.map((f) => f.ms).sort((a, b) => a - b);
  const rss = list.map((f) => f.rssMb).sort((a, b) => a - b);
  console.log(
    `${name}: boot ${median(ms)} ms (min ${ms[0]}, max ${ms.at(-1)}), ` +
      `RSS ${median(rss)} MB (min ${rss[0]}, max ${rss.at(-1)}), ${runs} runs`,
  );
}
fs.rmSync(dataDir, { recursive: true, force: true });

async function boot([command, args]) {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: apiRoot,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  while (!(await healthy())) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const ms = Math.round(performance.now() - started);
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const rssMb = Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024);
  child.kill('SIGTERM');
  await exited;
  return { ms, rssMb };
}

async function healthy() {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    return response.status === 200;
  } catch {
    return false;
  }
}

function median(sorted) {
  return sorted[Math.floor(sorted.length / 2)];
}
