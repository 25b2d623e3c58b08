import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // A file named *.postgres.test.ts holds only tests that need a PostgreSQL server (worker
    // processes sharing one database): the PostgreSQL suite runs it, the PGlite suite leaves
    // it out, where it would otherwise be a file without tests.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.postgres.test.ts']),
    ],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // Test files share each worker's module graph: importing Fastify, better-auth, Drizzle and
    // sharp once per worker instead of once per file saves minutes. Every file still gets
    // its own database, so no data is shared.
    isolate: false,
  },
});
