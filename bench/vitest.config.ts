import { defineConfig } from 'vitest/config';

// Only the smoke run: the benchmarks themselves are run on demand (npm run bench:api / bench:web).
export default defineConfig({
  test: {
    include: ['smoke.test.ts'],
    // Every scenario runs for 0.3 s: about 17 s for the 27 of them with the set-up here
    // (35 s when each ran for a second); the budget leaves room for a loaded run.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
