import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { hashPassword } from 'better-auth/crypto';
import { REPO_ROOT } from './paths.ts';

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
 * route that hashes cannot be faster than, measured beside it.
 */
export async function passwordHashTimes(count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await hashPassword('Measure@2026');
    times.push(performance.now() - started);
  }
  return times;
}
