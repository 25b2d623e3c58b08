import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/longest-first-sequencer.ts';

/**
 * Files whose tests hold the API to a wall-clock bound of about a second (an event within 1 s
 * of a write, an offer stored as expired within 1 s of its deadline, a login refused while its
 * 1 s wait lasts, two processes agreeing within 1 s). They run after the others, one file at a
 * time, so a neighbouring file's photo encoding or password hashing cannot spend their second
 * on this 2-core machine. Files with roomier bounds (a server that stops within 15 s, two
 * processes answering within 20 s) run among the others: alone, their process start-ups left
 * half the machine idle for a minute and a half.
 */
const TIMED = [
  'src/auth/login-throttle.test.ts',
  'src/modules/notifications/live-events.test.ts',
  'src/modules/offers/offer-expiry.test.ts',
  'test/several-processes.postgres.test.ts',
];

/**
 * Files whose libraries change JavaScript's built-ins as they load: drizzle-kit's API adds an
 * enumerable `Array.prototype.random`. In a worker shared with later files, every `for…in` over
 * an array then meets a `random` key: JSON Schema libraries copied the answers' schemas with
 * one, their `required` lists grew a hole, and an answer written after that file in the same
 * worker failed with a 500 (the intermittent PUT /api/v1/listings/:id failure of issue 19,
 * which appeared only when this file had run earlier in the same worker). These files run in
 * a process of their own; `test/built-ins-left-alone.ts` fails any other file that changes a
 * built-in.
 */
const OWN_PROCESS = ['src/db/schema-matches-migrations.test.ts'];

export default defineConfig({
  test: {
    // A file named *.postgres.test.ts holds only tests that need a PostgreSQL server (worker
    // processes sharing one database): the PostgreSQL suite runs it, the PGlite suite leaves
    // it out, where it would otherwise be a file without tests.
    // *.pglite.test.ts, the other way round: tests that run on the embedded database whatever
    // the suite (the PGlite suite's own machinery, the PGlite client, a server process started
    // without DATABASE_URL), which the PostgreSQL suite would only run again, identically.
    exclude: [
      ...configDefaults.exclude,
      process.env.TEST_DATABASE_URL ? '**/*.pglite.test.ts' : '**/*.postgres.test.ts',
    ],
    globalSetup: ['./test/global-setup.ts'],
    sequence: { sequencer: LongestFirstSequencer },
    setupFiles: [
      './test/fail-on-console-error.ts',
      './test/print-app-errors.ts',
      './test/built-ins-left-alone.ts',
    ],
    // Failsafes, not targets (a bound a test asserts is written in the test): on this shared
    // 2-core host, several times slower than the one the suite was written on, ordinary tests
    // took up to 15 s and app start-ups in hooks up to 40 s.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Test files share each worker's module graph: importing Fastify, better-auth, Drizzle and
    // sharp once per worker instead of once per file saves minutes. Every file still gets
    // its own database, so no data is shared (on PGlite, one emptied since a previous file
    // of the worker had it: test/embedded-database-pool.ts, ADR 36).
    isolate: false,
    // PGlite's PostgreSQL is WebAssembly, and V8 compiles its hot functions a second time,
    // optimised, in every worker: 6 % of the PGlite suite's CPU went to that compiling (perf,
    // 2026-12-04), more than the optimised code saved in a worker that lives a few minutes.
    // Baseline-compiled only, the same suite took 152.7/140.3/152.5 s against 175.5/153.2 s,
    // alternated. Only the test workers: a server process keeps V8's default.
    execArgv: ['--liftoff-only'],
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...TIMED, ...OWN_PROCESS],
          // One more worker than cores: the two left a third of the CPU idle while files
          // waited on PostgreSQL, PGlite's dumps and child processes. Measured on this
          // machine, whole suites: PGlite 137.7–141.6 s → 125.5 s, PostgreSQL 167.2–167.7 s →
          // 156.7 s. Four gave nothing more (PostgreSQL 218.1 s against 217.1 s with three,
          // back to back, 2026-12-03).
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'api, own process',
          include: OWN_PROCESS,
          isolate: true,
          provide: { builtInsMayChange: true },
          maxWorkers: 1,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'api, timed',
          include: TIMED,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
