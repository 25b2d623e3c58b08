import { defineConfig } from 'vitest/config';

// Only the smoke run: the benchmarks themselves are run on demand (npm run bench:api / bench:web).
export default defineConfig({
  test: {
    include: ['smoke.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
