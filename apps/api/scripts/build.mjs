#!/usr/bin/env node
// Compiles the API ahead of time (ADR 13) into one ES module per command that runs in
// production: apps/api/dist/server.js (`npm start`), dist/worker.js (`npm run worker`) and
// dist/backup.js (`npm run backup` and `restore`). The API's own code and @basha/domain
// (which ships TypeScript source) are bundled; npm packages stay external and load from
// node_modules as they do under tsx. The bundles sit one level below apps/api like src/
// does, so paths relative to the module's folder (the migrations, the built web app)
// resolve the same from both (src/api-root.ts).
import path from 'node:path';
import { build } from 'esbuild';

const apiRoot = path.resolve(import.meta.dirname, '..');

/** npm packages load at run time; only workspace packages (@basha/*) are compiled in. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@basha/') ? undefined : { path: args.path, external: true },
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
    outdir: path.join(apiRoot, 'dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    plugins: [npmPackagesExternal],
    // Readable stack traces without --enable-source-maps: names and code stay as written.
    minify: false,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return performance.now() - started;
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const ms = await buildApi();
  console.log(
    `API compiled to apps/api/dist (server.js, worker.js, backup.js) in ${Math.round(ms)} ms`,
  );
}
