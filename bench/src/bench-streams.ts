// npm run bench:streams -- --database-url postgres://… [--streams 2000] [--accounts 100]
//   [--broadcasts 20]
// Needs a generated PostgreSQL data set (npm run bench:generate -- --db postgres).
import { parseArgs } from 'node:util';
import { BROADCAST_P95_TARGET_MS, runLiveStreamsBench } from './api/live-streams.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    streams: { type: 'string', default: '2000' },
    accounts: { type: 'string', default: '100' },
    broadcasts: { type: 'string', default: '20' },
  },
});
if (!values['database-url']) {
  console.error('--database-url postgres://… is required (the fan-out runs through PostgreSQL)');
  process.exit(2);
}
const result = await runLiveStreamsBench({
  databaseUrl: values['database-url'],
  streams: Number(values.streams),
  accounts: Number(values.accounts),
  broadcasts: Number(values.broadcasts),
  log: (line) => console.log(line),
});
const verdict = result.latencyMs.p95 <= BROADCAST_P95_TARGET_MS && result.missed === 0;
console.log(`
| streams | accounts | broadcasts | deliveries | missed | p50 ms | p95 ms | p99 ms | max ms | KiB per stream |
|---|---|---|---|---|---|---|---|---|---|
| ${result.streams} | ${result.accounts} | ${result.broadcasts} | ${result.deliveries} | ${result.missed} | ${result.latencyMs.p50.toFixed(1)} | ${result.latencyMs.p95.toFixed(1)} | ${result.latencyMs.p99.toFixed(1)} | ${result.latencyMs.max.toFixed(1)} | ${result.kibPerStream} |

Target p95 ≤ ${BROADCAST_P95_TARGET_MS} ms with none missed: ${verdict ? 'met' : 'NOT met'}`);
process.exit(verdict ? 0 : 1);
