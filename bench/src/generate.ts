// Fills a benchmark database with a generated Bangladesh marketplace.
//   node --import tsx bench/src/generate.ts --listings 100000 --db pglite
//   node --import tsx bench/src/generate.ts --listings 1000000 --db postgres
// PostgreSQL: BENCH_DATABASE_URL (default postgres://basha_test:…@127.0.0.1:5432/basha_bench)
// is dropped and created again. PGlite: bench/data/pglite-<N>/ (or --data-dir) is replaced.
import { parseArgs } from 'node:util';
import { type DatabaseKind, datasetFor, generateDataset } from './data/dataset.ts';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'pglite' },
    'data-dir': { type: 'string' },
    photos: { type: 'string', default: '5' },
  },
});

const kind = values.db as DatabaseKind;
if (kind !== 'pglite' && kind !== 'postgres') {
  console.error('--db must be pglite or postgres');
  process.exit(2);
}
const dataset = datasetFor(kind, Number(values.listings), { dataDir: values['data-dir'] });
const info = await generateDataset(dataset, { photos: Number(values.photos) });
console.log(JSON.stringify({ scale: info.scale, seconds: Number(info.seconds.toFixed(1)) }));
