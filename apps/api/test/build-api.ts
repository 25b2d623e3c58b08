// Compiles the API as `npm run build` does, so the files that start it as real processes
// (test/api-process.ts, test/server-process.pglite.test.ts) run today's source: once per test run,
// in test/global-setup.ts, and only when the bundles are older than their sources (in `npm
// test`, the suite before built them). A module of its own: the global setup is loaded through
// Vitest's module runner, and reaching the app from here (as api-process.ts does) made it
// transform the whole app, the AWS SDK's 1 800 files included, before any test started.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const apiRoot = path.resolve(import.meta.dirname, '..');

export function buildApi(): void {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: apiRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`API build failed: ${build.stderr}`);
}
