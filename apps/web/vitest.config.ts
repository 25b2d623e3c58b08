import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['./testing/setup.ts'],
    // Files share a worker's module graph (React, Router, Query load once per worker);
    // each test still renders into a fresh DOM with its own QueryClient.
    isolate: false,
    // Vitest's default is one worker fewer than cores: one here, which left the machine
    // two-thirds idle while tests waited on timers (37.2 s alone, 2026-12-03). Two and three
    // took the same time alone (25.1 and 25.5 s), but three spent 8 s more CPU (44.3 against
    // 36.6 s), which `npm test` pays: this suite runs beside the bench smoke and the domain
    // suite, and those three together took 35.8 and 39.4 s with two, 45.6 and 41.8 s with
    // three (alternated).
    maxWorkers: 2,
  },
});
