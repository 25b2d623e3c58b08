import { defineConfig } from 'vitest/config';

// Only the smoke run: the benchmarks themselves are run on demand (npm run bench:api / bench:web).
export default defineConfig({
  test: {
    include: ['smoke.test.ts'],
    // Every scenario runs for about a second plus its setup: ~2 s each, ~50 s for the
    // 22 of them on a busy shared machine; the budget leaves room for a loaded run.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
