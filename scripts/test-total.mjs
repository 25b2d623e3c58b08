#!/usr/bin/env node
// The one last line CI reads: the sum of `npm test` and `npm run test:lts`, each of which left
// its own counts in .test-output/summary-<set>.json. A set that left none ran no test: failed.
import fs from 'node:fs';
import path from 'node:path';

const outputDir = path.resolve(import.meta.dirname, '..', '.test-output');
let passed = 0;
let failed = 0;
for (const set of ['main', 'lts']) {
  try {
    const counts = JSON.parse(fs.readFileSync(path.join(outputDir, `summary-${set}.json`), 'utf8'));
    console.log(
      `${set === 'main' ? 'npm test' : 'npm run test:lts'}: ${counts.passed} passed, ${counts.failed} failed`,
    );
    for (const failure of counts.failures ?? []) console.log(`  failed: ${failure}`);
    passed += counts.passed;
    failed += counts.failed;
  } catch {
    console.log(
      `${set === 'main' ? 'npm test' : 'npm run test:lts'}: no result (it stopped before its summary)`,
    );
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
