#!/usr/bin/env node
// `npm test`: every suite, on both databases, ending with one line "N passed, N failed".
// `npm run test:lts` (`--lts`) runs the API on PostgreSQL and the end-to-end journeys a second
// time on the active Node LTS (26; `-- --node 24` for the maintenance LTS): together they would
// pass npm test's 12-minute budget, so `.ci/run` runs both and `scripts/test-total.mjs` sums
// them in one last line.
// Prepares what the suites need on a fresh machine (the local PostgreSQL cluster) or stops
// with the command that fixes it. Nothing is skipped silently.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureChromium } from './test-chromium.mjs';
import { ensureHttpsGradeTools } from './test-https-grade.mjs';
import { ensureNode, withNodeFirst } from './test-node.mjs';
import { ensurePostgres } from './test-postgres.mjs';

// The run's whole time, printed with the summary: the budget (README) is for all of it.
const runStarted = Date.now();
const root = path.resolve(import.meta.dirname, '..');
const { values: options } = parseArgs({
  options: { lts: { type: 'boolean' }, node: { type: 'string', default: '26' } },
});
const set = options.lts ? 'lts' : 'main';
const outputDir = path.join(root, '.test-output');
const summaryFile = path.join(outputDir, `summary-${set}.json`);
fs.mkdirSync(outputDir, { recursive: true });
fs.rmSync(summaryFile, { force: true });

// Every process the suites start (test workers, compiled servers, the journeys' Bashas) asks
// glibc for transparent huge pages, as `npm start` does (ADR 39): each password hash's 32 MiB
// then costs 16 page faults instead of 8 192, and the suites hash a few hundred times.
process.env.GLIBC_TUNABLES ??= 'glibc.malloc.hugetlb=1';

const postgres = await ensurePostgres();
// The journeys' browser and the HTTPS grade test's tools, installed where missing beside the
// first suites (on a fresh machine apt mostly waits on the network); the journeys wait for
// them (`needsJourneyTools`). Resolves with the commands that install what is still missing.
const journeyTools = Promise.all([ensureChromium(), ensureHttpsGradeTools()])
  .then((missing) => missing.flat())
  .catch((error) => [`(${error.message})`]);
const lts = set === 'lts' ? ensureNode(Number(options.node)) : undefined;

// The journeys run the built app, as `npm start` does: the web app built, and the API's
// bundles, which the API suites before them have built already unless sources changed since.
const BUILD_FOR_JOURNEYS = [
  ['npm', ['run', 'build', '--workspace', 'apps/web']],
  ['node', ['apps/api/scripts/build.mjs', '--if-stale']],
];

// Suites marked `beside` run at the same time as their neighbours so marked, their output
// printed whole as each ends: short ones that leave part of the two cores idle (the bench
// smoke waits on its scenarios' timers, the domain suite is mostly start-up). The API suites
// and the journeys run alone: they keep both cores busy, and some of their tests hold the
// app to a wall-clock bound.
const mainSuites = () => [
  { name: 'domain', dir: 'packages/domain', beside: true },
  { name: 'web components', dir: 'apps/web', beside: true },
  { name: 'bench smoke', dir: 'bench', beside: true },
  { name: 'api on PGlite (embedded)', dir: 'apps/api', env: { TEST_DATABASE_URL: '' } },
  {
    name: `api on PostgreSQL (${postgres.version})`,
    dir: 'apps/api',
    env: { TEST_DATABASE_URL: postgres.url },
  },
  {
    name: 'end-to-end (Chromium, built app, fresh database)',
    dir: 'e2e',
    before: BUILD_FOR_JOURNEYS,
    needsJourneyTools: true,
    command: ['npx', ['playwright', 'test']],
    report: readPlaywrightCounts,
  },
];

const ltsSuites = ({ version, binDir }) => [
  {
    name: `api on PostgreSQL (${postgres.version}), Node ${version}`,
    dir: 'apps/api',
    env: { TEST_DATABASE_URL: postgres.url, ...withNodeFirst(binDir) },
  },
  // The files the PostgreSQL suite leaves out because they run on the embedded database
  // whatever the suite (the compiled server's restarts, the PGlite client): on this Node too.
  {
    name: `api on PGlite (embedded), Node ${version}: its own files`,
    dir: 'apps/api',
    env: { TEST_DATABASE_URL: '', ...withNodeFirst(binDir) },
    files: ['.pglite.test.ts'],
  },
  {
    name: `end-to-end, Node ${version}`,
    dir: 'e2e',
    before: BUILD_FOR_JOURNEYS,
    needsJourneyTools: true,
    env: withNodeFirst(binDir),
    command: ['npx', ['playwright', 'test']],
    report: readPlaywrightCounts,
  },
];

const suites = lts ? ltsSuites(lts) : mainSuites();
const results = [];
for (const stage of stagesOf(suites)) {
  if (stage.length === 1) results.push(await runSuite(stage[0], 'inherit'));
  else results.push(...(await Promise.all(stage.map((suite) => runSuite(suite, 'pipe')))));
}

console.log(`\n━━ summary (${((Date.now() - runStarted) / 1000).toFixed(1)} s in all) ━━`);
for (const r of results) {
  console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(1)} s)`);
}
// CI keeps only the end of the output: the failed tests are named here, next to the counts.
const failures = results.flatMap((r) => r.failures.map((title) => `${r.name} › ${title}`));
for (const failure of failures) console.log(`failed: ${failure}`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
fs.writeFileSync(summaryFile, JSON.stringify({ passed, failed, failures }));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

/** Consecutive suites marked `beside` form one stage; every other suite is a stage alone. */
function stagesOf(list) {
  const stages = [];
  for (const suite of list) {
    const last = stages.at(-1);
    if (suite.beside && last?.[0].beside) last.push(suite);
    else stages.push([suite]);
  }
  return stages;
}

/**
 * Runs one suite and reads its counts. `output`: 'inherit' shows it as it comes; 'pipe' keeps
 * it and prints it whole at the end, so suites running side by side do not interleave.
 */
async function runSuite(suite, output) {
  const missing = suite.needsJourneyTools ? await journeyTools : [];
  if (missing.length > 0) {
    const fix = `The journeys need Chromium's headless shell, and the HTTPS grade test nginx, openssl and the HTTP Observatory scanner. Run:\n  ${missing.join('\n  ')}`;
    console.error(`\n━━ ${suite.name} ━━\n${fix}\n`);
    return { ...suite, passed: 0, failed: 1, failures: [fix], seconds: 0 };
  }
  for (const step of suite.before ?? []) runStep(step);
  const started = Date.now();
  const header = `\n━━ ${suite.name} ━━`;
  if (output === 'inherit') console.log(header);
  const index = suites.indexOf(suite);
  const outputFile = path.join(outputDir, suite.report ? 'e2e.json' : `suite-${set}-${index}.json`);
  fs.rmSync(outputFile, { force: true }); // a crashed suite must not be read from an older run
  const [command, args] = suite.command ?? [
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
      ...(suite.files ?? []),
    ],
  ];
  const child = spawn(command, args, {
    cwd: path.join(root, suite.dir),
    stdio: ['inherit', output, output],
    env: { ...process.env, ...suite.env },
  });
  const kept = [];
  child.stdout?.on('data', (chunk) => kept.push(chunk));
  child.stderr?.on('data', (chunk) => kept.push(chunk));
  const [code, signal] = await once(child, 'close');
  if (output === 'pipe') {
    console.log(header);
    process.stdout.write(Buffer.concat(kept));
  }
  const counts = (suite.report ?? readVitestCounts)(outputFile);
  if (code !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.failures = [`the suite exited with ${code ?? signal} before reporting`];
  }
  return { ...suite, ...counts, seconds: (Date.now() - started) / 1000 };
}

function runStep([command, args]) {
  const step = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (step.status !== 0) {
    console.error(`\n\`${command} ${args.join(' ')}\` failed; the suites after it cannot run.`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

function readPlaywrightCounts(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    const { stats } = report;
    return {
      passed: stats.expected + stats.flaky,
      failed: stats.unexpected + stats.skipped,
      failures: playwrightFailures(report.suites),
    };
  } catch {
    return { passed: 0, failed: 0, failures: [] };
  }
}

/** "file:line title (how it ended)" for every test that did not end as expected. */
function playwrightFailures(suites = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected' || test.status === 'skipped')
        .map((test) => {
          const error = test.results.at(-1)?.error?.message ?? test.status;
          return `${spec.file}:${spec.line} ${spec.title}: ${firstLine(error)}`;
        }),
    ),
    ...playwrightFailures(suite.suites),
  ]);
}

function firstLine(message) {
  // Without the colours Vitest and Playwright put in their messages. (Built here, not as a
  // module constant: the suites run, and call this, before such a constant would be set.)
  const terminalColour = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
  return message.replace(terminalColour, '').split('\n')[0].slice(0, 300);
}

function readVitestCounts(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + (report.numTodoTests ?? 0),
      failures: report.testResults.flatMap((testFile) => [
        ...testFile.assertionResults
          .filter((test) => test.status === 'failed' || test.status === 'todo')
          .map(
            (test) =>
              `${path.relative(root, testFile.name)} › ${test.fullName}: ${firstLine(test.failureMessages[0] ?? test.status)}`,
          ),
        // A file that failed to load has no tests to name.
        ...(testFile.status === 'failed' && testFile.assertionResults.length === 0
          ? [`${path.relative(root, testFile.name)}: ${firstLine(testFile.message)}`]
          : []),
      ]),
    };
  } catch {
    return { passed: 0, failed: 0, failures: [] };
  }
}
