// npm run bench:api -- [--db pglite|postgres] [--listings N] [--runs 3] [--duration 10]
//   [--connections 10] [--warmup 2] [--soak 60] [--soak-warmup 30] [--deep-page 1000] [--fresh]
//   [--cpu-profile-dir DIR] [--only 'name part,name part'] [--workers N]
import { parseArgs } from 'node:util';
import { runApiBench } from './api/run-api-bench.ts';
import type { DatabaseKind } from './data/dataset.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    listings: { type: 'string' },
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    soak: { type: 'string', default: '60' },
    'soak-warmup': { type: 'string', default: '30' },
    'deep-page': { type: 'string', default: '1000' },
    photos: { type: 'string', default: '5' },
    'data-dir': { type: 'string' },
    fresh: { type: 'boolean', default: false },
    'cpu-profile-dir': { type: 'string' },
    only: { type: 'string' },
    workers: { type: 'string', default: '1' },
  },
});

const db = values.db as DatabaseKind;
if (db !== 'pglite' && db !== 'postgres') {
  console.error('--db must be pglite or postgres');
  process.exit(2);
}
const workers = Number(values.workers);
if (!Number.isInteger(workers) || workers < 1) {
  console.error('--workers must be a whole number of API processes, 1 or more');
  process.exit(2);
}
if (workers > 1 && db !== 'postgres') {
  console.error(
    `--workers ${workers} needs --db postgres: PGlite is one process's own database, and the API refuses WEB_CONCURRENCY above 1 on it (ADR 21)`,
  );
  process.exit(2);
}
const { result } = await runApiBench({
  db,
  // The targets are set for 100k listings on PGlite and 1M on PostgreSQL.
  listings: Number(values.listings ?? (db === 'postgres' ? 1_000_000 : 100_000)),
  runs: Number(values.runs),
  durationSeconds: Number(values.duration),
  warmupSeconds: Number(values.warmup),
  connections: Number(values.connections),
  soakSeconds: Number(values.soak),
  soakWarmupSeconds: Number(values['soak-warmup']),
  deepPage: Number(values['deep-page']),
  photos: Number(values.photos),
  dataDir: values['data-dir'],
  fresh: values.fresh,
  cpuProfileDir: values['cpu-profile-dir'],
  only: values.only?.split(',').map((part) => part.trim()),
  workers,
});
process.exitCode = result.checks.every((check) => check.pass) ? 0 : 1;
