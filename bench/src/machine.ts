import { execFileSync } from 'node:child_process';
import os from 'node:os';
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
