import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { preloadSession } from './preload-session.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadSession(), precompress()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' } },
  build: {
    sourcemap: false,
    rolldownOptions: {
      // The domain package builds zod schemas at module level; telling the bundler those
      // calls are pure lets it drop the schemas a page never uses (payments, offers… on home).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            // zod's settings (src/lib/zod-config.ts) run in zod's own chunk, so before any
            // chunk that builds schemas: in the entry chunk they ran after its imports had.
            {
              name: 'zod',
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-config\.ts$/,
            },
          ],
        },
      },
    },
  },
});
