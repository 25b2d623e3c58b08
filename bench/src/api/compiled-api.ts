import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../paths.ts';

/** The API as `npm start` runs it: the bundle of apps/api's build script (ADR 13). */
export const COMPILED_API = path.join(REPO_ROOT, 'apps/api/dist/server.js');

/**
 * The path of the compiled API, built first with the API's own build script when it is
 * missing or older than its sources, so the benchmark measures the code as it stands, run the
 * way it ships.
 */
export function ensureCompiledApi(log: (line: string) => void): string {
  const build = spawnSync(process.execPath, ['apps/api/scripts/build.mjs', '--if-stale'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the API build failed:\n${build.stdout}${build.stderr}`);
  log(build.stdout.trim());
  return COMPILED_API;
}
