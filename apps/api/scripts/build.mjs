#!/usr/bin/env node
// Compiles the API ahead of time (ADR 13) into one ES module per command that runs in
// production: apps/api/dist/server.js (`npm start`), dist/worker.js (`npm run worker`) and
// dist/backup.js (`npm run backup` and `restore`). The API's own code, @basha/domain (which
// ships TypeScript source) and the npm packages every start loads are bundled; the packages
// in LOADED_FROM_NODE_MODULES stay external. The bundles sit one level below apps/api like
// src/ does, so paths relative to the module's folder (the migrations, the built web app)
// resolve the same from both (src/api-root.ts).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const apiRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(apiRoot, '../..');
const outdir = path.join(apiRoot, 'dist');

/**
 * Packages loaded from node_modules at run time. Every other one is compiled into the
 * bundle: one file to read and link instead of about two thousand, which took a restart from
 * 3.14 to 2.71 s to ready (ADR 13, amendment of 2026-12-04).
 */
const LOADED_FROM_NODE_MODULES = [
  // Files of their own beside their code: PGlite's WebAssembly and data, sharp's native
  // library, the OpenAPI page's assets, swagger's package.json, pino's transport workers.
  '@electric-sql/pglite',
  'sharp',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  // Imported only when the operator enables what needs them (src/media/s3-storage.ts,
  // stripe-provider.ts, mailer.ts, http/metrics.ts): bundled, the file would carry their
  // code for every start to parse.
  '@aws-sdk/client-s3',
  'stripe',
  'nodemailer',
  'prom-client',
  // pg's optional native binding, which is not installed.
  'pg-native',
];

/** The package an import names: `pino` for `pino/file`, `@aws-sdk/client-s3` for its subpaths. */
function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return parts.slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
}

const packagesLoadedAtRunTime = {
  name: 'packages-loaded-at-run-time',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      LOADED_FROM_NODE_MODULES.includes(packageNameOf(args.path)) || args.path.startsWith('node:')
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

export async function buildApi() {
  const started = performance.now();
  await build({
    entryPoints: {
      server: path.join(apiRoot, 'src/server.ts'),
      worker: path.join(apiRoot, 'src/worker.ts'),
      backup: path.join(apiRoot, 'src/backup/cli.ts'),
    },
    outdir,
    // Paths in the bundle's comments are relative to this, whichever folder the build was
    // started from (npm's workspace, the repository root, a test's global setup).
    absWorkingDir: apiRoot,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    plugins: [packagesLoadedAtRunTime],
    // Bundled CommonJS packages require() Node's built-ins and the packages above: an ES
    // module has no require of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // Readable stack traces without --enable-source-maps: names and code stay as written.
    minify: false,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return performance.now() - started;
}

/**
 * What the bundles are made of: the API's source, the domain package compiled into it, this
 * script, and the npm packages bundled with them (package-lock.json changes when they do).
 */
const BUNDLE_INPUTS = [
  path.join(apiRoot, 'src'),
  path.join(repoRoot, 'packages/domain/src'),
  import.meta.filename,
  path.join(repoRoot, 'package-lock.json'),
];

/** Whether every bundle is newer than everything it is made of. */
function isBuildCurrent() {
  const builtAt = Math.min(
    ...['server.js', 'worker.js', 'backup.js'].map(
      (bundle) => modifiedAt(path.join(outdir, bundle)) ?? Number.NEGATIVE_INFINITY,
    ),
  );
  return builtAt >= Math.max(...BUNDLE_INPUTS.map(newestModification));
}

function modifiedAt(file) {
  return fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
}

/** The latest modification time of a file, or of a folder and anything under it. */
function newestModification(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // Folders count too: a deleted file shows only as its folder's change.
  const entries = fs.readdirSync(entry, { recursive: true, withFileTypes: true });
  return Math.max(
    stat.mtimeMs,
    ...entries.map((found) => modifiedAt(path.join(found.parentPath, found.name)) ?? 0),
  );
}

// `--if-stale`: for the test suites and the benchmarks, which each need today's bundles and
// run one after another in `npm test`; the first builds them, the others find them current.
if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  if (process.argv.includes('--if-stale') && isBuildCurrent()) {
    console.log('API bundles in apps/api/dist are newer than their sources: not compiled again');
  } else {
    const ms = await buildApi();
    console.log(
      `API compiled to apps/api/dist (server.js, worker.js, backup.js) in ${Math.round(ms)} ms`,
    );
  }
}
