// The worst EXPLAIN ANALYZE among random searches of all properties (ADR 33): draws N
// combinations as the "filtered search, never repeated" scenario does, runs each page-1 query
// of the browse endpoint (built by the API's own repository) a few times, and prints the
// distribution and the slowest plans.
//   node --import tsx bench/src/explain-searches.ts --db postgres --listings 1000000 --n 200
import { parseArgs } from 'node:util';
import { listingSearchParams } from '@basha/domain';
import { type ExplainedQuery, explainBrowseQueries } from './api/explain.ts';
import { randomSearches } from './api/random-search.ts';
import { type DatabaseKind, datasetFor, openDataset, readDatasetInfo } from './data/dataset.ts';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'pglite' },
    'data-dir': { type: 'string' },
    n: { type: 'string', default: '200' },
    runs: { type: 'string', default: '3' },
    seed: { type: 'string', default: '19' },
    worst: { type: 'string', default: '3' },
  },
});

const kind = values.db as DatabaseKind;
const dataset = datasetFor(kind, Number(values.listings), { dataDir: values['data-dir'] });
if (!(await readDatasetInfo(dataset))) {
  console.error(`No generated ${kind} dataset of ${values.listings} listings: run bench:generate`);
  process.exit(2);
}
const draw = randomSearches(Number(values.seed));
const cases = Array.from({ length: Number(values.n) }, () => {
  const filters = draw();
  return { name: listingSearchParams(filters).toString(), filters };
});
const handle = await openDataset(dataset);
try {
  const explained = await explainBrowseQueries(handle.db, cases, Number(values.runs));
  const distribution = (pick: (q: ExplainedQuery) => number) => {
    const times = explained.map(pick).sort((a, b) => a - b);
    const at = (share: number) =>
      times[Math.min(times.length - 1, Math.floor(share * times.length))];
    return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, worst ${times.at(-1)} ms`;
  };
  console.log(
    `${explained.length} random searches on ${kind} with ${values.listings} listings: ` +
      `${distribution((q) => q.executionMs)} (each the median of ${Number(values.runs) - 1} runs after a warm-up); ` +
      `first runs: ${distribution((q) => q.firstMs)}`,
  );
  const worst = [...explained].sort((a, b) => b.executionMs - a.executionMs);
  for (const q of worst.slice(0, Number(values.worst))) {
    console.log(
      `\n${q.executionMs} ms (first run ${q.firstMs} ms)  ${q.name}\n${q.plan.map((line) => `  ${line}`).join('\n')}`,
    );
  }
} finally {
  await handle.close();
}
