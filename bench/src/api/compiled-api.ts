import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../paths.ts';

/** The API as `npm start` runs it: the bundle of apps/api's build script (ADR 13). */
export const COMPILED_API = path.join(REPO_ROOT, 'apps/api/dist/server.js');

/**
 * What the bundle is made of: the API's source and the domain package compiled into it, and
 * the build script itself. npm packages stay external, so they never make the bundle stale.
 */
const BUNDLE_INPUTS = [
  path.join(REPO_ROOT, 'apps/api/src'),
  path.join(REPO_ROOT, 'packages/domain/src'),
  path.join(REPO_ROOT, 'apps/api/scripts/build.mjs'),
];

/**
 * The path of the compiled API, built first with the API's own build script when it is
 * missing or older than any of its inputs, so the benchmark measures the code as it stands,
 * run the way it ships.
 */
export function ensureCompiledApi(log: (line: string) => void): string {
  const builtAt = modifiedAt(COMPILED_API);
  const changedAt = Math.max(...BUNDLE_INPUTS.map(newestModification));
  if (builtAt !== undefined && builtAt >= changedAt) return COMPILED_API;
  log(
    builtAt === undefined
      ? 'Compiling the API (apps/api/dist/server.js is missing)'
      : 'Compiling the API (its source changed since apps/api/dist/server.js was built)',
  );
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'apps/api'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the API build failed:\n${build.stdout}${build.stderr}`);
  return COMPILED_API;
}

function modifiedAt(file: string): number | undefined {
  return fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
}

/** The latest modification time of a file, or of a folder and anything under it. */
function newestModification(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // Folders count too: a deleted file shows only as its folder's change.
  const entries = fs.readdirSync(entry, { recursive: true, withFileTypes: true });
  return Math.max(
    stat.mtimeMs,
    ...entries.map((found) => modifiedAt(path.join(found.parentPath, found.name)) ?? 0),
  );
}
