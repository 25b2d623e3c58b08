import { execFile, execFileSync } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { REPO_ROOT } from './paths.ts';

const execFileAsync = promisify(execFile);

/** What the figures were measured on, recorded beside them. */
export function machineInfo() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus.length} × ${cpus[0]?.model ?? 'unknown'}`,
    memoryGib: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    /** 1, 5 and 15 minute load averages when the run ended. */
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    commit: gitCommit(),
  };
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'unknown';
  }
}

/**
 * How long one password hash takes here (better-auth's scrypt, as the API runs it): what a
 * route that hashes cannot be faster than, measured beside it. Timed in a Node process of its
 * own with the API's environment (`env`): how glibc maps scrypt's memory is set when a process
 * starts (ADR 39), so this one's hashes would not cost what the API's do.
 */
export async function passwordHashTimes(
  count: number,
  env: Record<string, string>,
): Promise<number[]> {
  const script = `
    import { hashPassword } from 'better-auth/crypto';
    const times = [];
    for (let i = 0; i < ${count}; i += 1) {
      const started = performance.now();
      await hashPassword('Measure@2026');
      times.push(performance.now() - started);
    }
    console.log(JSON.stringify(times));`;
  const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: import.meta.dirname,
    env: { ...env, ...process.env },
  });
  return JSON.parse(stdout) as number[];
}
