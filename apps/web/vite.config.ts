import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { retireOldAssets } from './retire-old-assets.ts';

/**
 * The browser's build, and with `--ssr` the server entry the API pre-renders public pages
 * with (ADR 35): `dist/.server/`, which the API never serves (dotfiles), built without the
 * browser build's compression, asset retirement and chunk grouping.
 */
export default defineConfig(({ command, isSsrBuild }) => {
  const config = isSsrBuild ? serverBuild : browserBuild;
  return command === 'build' ? { ...config, resolve: { alias: productionReactRouter } } : config;
});

/**
 * React Router 7's package exports name only its development build (remix-run/react-router
 * #14102, open), with its development warnings on: a build takes the production one, which
 * ships beside it, by its path. The dev server keeps the development build and its warnings.
 */
const productionReactRouter = [
  {
    find: /^react-router$/,
    replacement: path.join(
      path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
      'dist/production/index.mjs',
    ),
  },
];

const serverBuild = defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/.server',
    emptyOutDir: true,
    sourcemap: false,
  },
});

const browserBuild = defineConfig({
  plugins: [react(), tailwindcss(), precompress(), retireOldAssets()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' } },
  build: {
    sourcemap: false,
    // A previous build's page files stay for open tabs; retire-old-assets.ts deletes them later.
    emptyOutDir: false,
    // .vite/manifest.json: the API names a first page's own chunks in its HTML from it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the first render needs in one chunk: split by what else shares it,
            // it came as ten files, more than a browser fetches at once over HTTP/1.1 (six),
            // so the last ones waited a round trip. In one chunk, modules also run in import
            // order: zod's settings (src/lib/zod-config.ts, imported first) precede every
            // schema.
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
