// npm run bench:web -- [--db pglite|postgres] [--listings 100000] [--runs 3] [--skip-build] [--fresh]
//   [--only 'name part,name part']
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { DatabaseKind } from './data/dataset.ts';
import { CHROMIUM } from './web/lighthouse-run.ts';
import { runWebBench } from './web/run-web-bench.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    listings: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    'data-dir': { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});

const db = values.db as DatabaseKind;
if (db !== 'pglite' && db !== 'postgres') {
  console.error('--db must be pglite or postgres');
  process.exit(2);
}
// Lighthouse drives the full browser (npm test's headless shell is another package).
if (!fs.existsSync(CHROMIUM)) {
  console.error(
    `bench:web needs Chromium at ${CHROMIUM}. Install Debian's with:\n  sudo apt-get update && sudo apt-get install -y chromium\nor set CHROMIUM_PATH to another Chromium.`,
  );
  process.exit(2);
}
const { result } = await runWebBench({
  db,
  listings: Number(values.listings),
  runs: Number(values.runs),
  dataDir: values['data-dir'],
  skipBuild: values['skip-build'],
  fresh: values.fresh,
  only: values.only?.split(',').map((part) => part.trim()),
});
process.exitCode = result.checks.every((check) => check.pass) ? 0 : 1;
