import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type DatabaseKind,
  type DatasetInfo,
  datasetFor,
  openOrGenerateDataset,
} from '../data/dataset.ts';
import {
  formatServerSettings,
  postgresServerSettings,
  type ServerSettings,
} from '../data/server-settings.ts';
import { machineInfo, passwordHashTimes } from '../machine.ts';
import { REPO_ROOT, RESULTS_DIR } from '../paths.ts';
import { API_PROCESS_ENV, freePort, type ServerProcess, startServer } from './child-process.ts';
import { ensureCompiledApi } from './compiled-api.ts';
import { type ExplainedQuery, explainBrowseQueries } from './explain.ts';
import {
  type DatabaseFixtures,
  forgetLeftoverJobs,
  prepareFixtures,
  readDatabaseFixtures,
} from './fixtures.ts';
import { median, type RunFigures, round, runLoad } from './load.ts';
import {
  type Check,
  checksFor,
  formatChecks,
  formatExplained,
  formatTable,
  type ScenarioResult,
  type Soak,
  summarize,
} from './report.ts';
import { type Fixtures, HELLO_SCENARIO, readMix, SCENARIOS, type Scenario } from './scenarios.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';

export type ApiBenchOptions = {
  db: DatabaseKind;
  listings: number;
  runs: number;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  soakSeconds: number;
  /**
   * The soak's mix run first, not counted, so the bounded caches (answers, sessions) have
   * filled to their steady size: growth after that is what a leak would show. Default 0.
   */
  soakWarmupSeconds?: number;
  deepPage: number;
  fresh: boolean;
  photos: number;
  /**
   * API processes behind the one port (WEB_CONCURRENCY, node:cluster; ADR 21). PostgreSQL
   * only: PGlite is one process's own. Default 1.
   */
  workers?: number;
  /** How many users log in to read and to write (default 10 and 19). */
  accounts?: { readers: number; writers: number };
  dataDir?: string;
  resultsDir?: string;
  /** When set, the API and hello servers write V8 CPU profiles here as they stop. */
  cpuProfileDir?: string;
  /**
   * Runs only the scenarios whose names contain one of these parts (hello always runs: the
   * ratios are to it), and skips the soak: for working on one path, not for the report.
   */
  only?: string[];
  log?: (line: string) => void;
};

const TERMS = { selective: 'Zindabazar', medium: 'Gulshan', broad: 'Dhaka' };

export type ApiBenchResult = {
  kind: 'api';
  startedAt: string;
  options: Omit<ApiBenchOptions, 'log'>;
  machine: ReturnType<typeof machineInfo>;
  /** PostgreSQL's settings that move the figures (none on PGlite). */
  databaseServer: ServerSettings | null;
  dataset: DatasetInfo;
  explained: ExplainedQuery[];
  deepPage: number;
  /** The API's command line as the kernel listed it: the compiled bundle under plain node. */
  apiCommandLine: string;
  rss: { afterStartMib: number; afterRunsMib: number };
  scenarios: ScenarioResult[];
  soak: Soak | null;
  checks: Check[];
  table: string;
};

/**
 * The whole API benchmark: data (generated or reused), EXPLAIN ANALYZE of the browse
 * queries, the API and the hello reference as child processes, every scenario `runs` times
 * in rounds (so slow phases of a shared machine spread over all of them), a soak with RSS
 * samples, then the table, the target checks and a JSON file under bench/results/.
 */
export async function runApiBench(
  options: ApiBenchOptions,
): Promise<{ result: ApiBenchResult; file: string }> {
  const log = options.log ?? ((line: string) => console.log(line));
  const workers = options.workers ?? 1;
  if (workers > 1 && options.db !== 'postgres') {
    throw new Error(
      `--workers ${workers}: several API processes need PostgreSQL (--db postgres); PGlite is one process's own database (ADR 21)`,
    );
  }
  const startedAt = new Date().toISOString();
  const dataset = datasetFor(options.db, options.listings, { dataDir: options.dataDir });
  const apiScript = ensureCompiledApi(log);
  const [helloPort, apiPort] = [await freePort(), await freePort()];
  // Started first: it is ready long before the data is, and then waits idle.
  const helloStarting = startServer({
    name: 'hello',
    script: path.join(REPO_ROOT, 'bench/src/api/hello-server.mjs'),
    port: helloPort,
    env: {},
    healthPath: '/hello',
    cpuProfileDir: options.cpuProfileDir,
  });
  let api: ServerProcess | undefined;
  let smtp: SmtpSink | undefined;
  try {
    const { handle, info } = await openOrGenerateDataset(dataset, {
      fresh: options.fresh,
      photos: options.photos,
      log,
    });
    // PGlite admits one process at a time: read what the scenarios need before the API opens it.
    let fromDatabase: DatabaseFixtures;
    let explained: ExplainedQuery[];
    let databaseServer: ServerSettings | null = null;
    try {
      // Not while the hello server is still starting next to the EXPLAINs.
      await helloStarting;
      fromDatabase = await readDatabaseFixtures(handle.db, options.accounts);
      log(`Jobs earlier runs left waiting, removed: ${await forgetLeftoverJobs(handle.db)}`);
      explained = await explainBrowseQueries(handle.db, EXPLAINED_QUERIES);
      if (options.db === 'postgres') databaseServer = await postgresServerSettings(handle.db);
    } finally {
      await handle.close();
    }
    log(formatExplained(explained));
    if (databaseServer) log(formatServerSettings(databaseServer));

    smtp = await startSmtpSink();
    api = await startServer({
      name: 'api',
      script: apiScript,
      port: apiPort,
      env: {
        ...apiEnvironment(dataset.dataDir, dataset.databaseUrl, apiPort, smtp.url),
        WEB_CONCURRENCY: String(workers),
      },
      healthPath: '/api/health',
      cpuProfileDir: options.cpuProfileDir,
    });
    // The port answers once the first worker is ready; the others may still be starting.
    await untilProcessesAnswer(api.baseUrl, workers);
    const hello = await helloStarting;
    const afterStartMib = await api.rssMib();
    log(
      `API pid ${api.pid} on ${api.baseUrl} (${workers} process${workers > 1 ? 'es' : ''}), RSS ${afterStartMib} MiB after start`,
    );
    log(`API command: ${api.commandLine}`);

    const fixtures = await prepareFixtures(api.baseUrl, fromDatabase, {
      deepPage: options.deepPage,
      terms: TERMS,
    });
    log(
      `Deep page: ${fixtures.deepPage}; ${fixtures.readerCookies.length} readers, ${fixtures.writerCookies.length} writers signed in`,
    );

    const servers = { hello, api };
    const selected = selectedScenarios(options.only);
    const runsByScenario = await runScenarios(servers, fixtures, selected, options, log);
    const afterRunsMib = await api.rssMib();
    log(`Emails the API sent during the runs: ${smtp.accepted()}`);
    const soak =
      options.soakSeconds > 0 && !options.only ? await runSoak(api, fixtures, options, log) : null;

    const scenarios = summarize(selected, runsByScenario);
    const checks = checksFor(scenarios, explained, soak, options.db, fixtures.deepPage);
    const table = formatTable(scenarios);
    const { log: _log, ...recordedOptions } = options;
    const result: ApiBenchResult = {
      kind: 'api',
      startedAt,
      options: recordedOptions,
      machine: machineInfo(),
      databaseServer,
      dataset: info,
      explained,
      deepPage: fixtures.deepPage,
      apiCommandLine: api.commandLine,
      rss: { afterStartMib, afterRunsMib },
      scenarios,
      soak,
      checks,
      table,
    };
    const file = await writeResult(result, options.resultsDir ?? RESULTS_DIR);
    printSummary(result, log);
    log(`\nWrote ${path.relative(REPO_ROOT, file)}`);
    return { result, file };
  } finally {
    const hello = await helloStarting.catch(() => undefined);
    await Promise.all([api?.stop(), hello?.stop()]);
    await smtp?.close();
  }
}

const EXPLAINED_QUERIES = [
  { name: `search: selective term "${TERMS.selective}"`, filters: { location: TERMS.selective } },
  { name: `search: medium term "${TERMS.medium}"`, filters: { location: TERMS.medium } },
  { name: `search: broad term "${TERMS.broad}"`, filters: { location: TERMS.broad } },
  { name: 'browse: page 1, newest first', filters: {} },
  {
    name: 'browse: price window + sort',
    filters: { minPrice: 20_000_000, maxPrice: 50_000_000, sort: 'price_asc' as const },
  },
];

function selectedScenarios(only: string[] | undefined): Scenario[] {
  if (!only) return SCENARIOS;
  return SCENARIOS.filter(
    (scenario) =>
      scenario.name === HELLO_SCENARIO || only.some((part) => scenario.name.includes(part)),
  );
}

/** A warm-up round (not counted), then `runs` rounds over every scenario. */
async function runScenarios(
  servers: { hello: ServerProcess; api: ServerProcess },
  fixtures: Fixtures,
  scenarios: Scenario[],
  options: ApiBenchOptions,
  log: (line: string) => void,
): Promise<Map<string, RunFigures[]>> {
  const loadOf = (scenario: Scenario, seconds: number) => ({
    url: servers[scenario.server].baseUrl,
    serverPid: servers[scenario.server].pid,
    connections: scenario.connections ?? options.connections,
    durationSeconds: seconds,
    ...scenario.load(fixtures),
  });
  if (options.warmupSeconds > 0) {
    // A scenario's minimum is for the figures; a warm-up counts nothing (the smoke's 0.1 s
    // would otherwise become 2 s of password changes).
    for (const scenario of scenarios) await runLoad(loadOf(scenario, options.warmupSeconds));
    log(`Warmed up (${options.warmupSeconds} s per scenario, not counted)`);
  }
  const runsByScenario = new Map<string, RunFigures[]>();
  for (let run = 1; run <= options.runs; run += 1) {
    for (const scenario of scenarios) {
      const before = scenario.reportsCacheHits ? await responseCacheCounts(servers.api) : null;
      const hashesBefore = scenario.timesPasswordHash
        ? await passwordHashTimes(3, API_PROCESS_ENV)
        : [];
      const figures = await runLoad(
        loadOf(scenario, Math.max(options.durationSeconds, scenario.minimumSeconds ?? 0)),
      );
      if (scenario.timesPasswordHash) {
        const hashes = [...hashesBefore, ...(await passwordHashTimes(3, API_PROCESS_ENV))];
        figures.passwordHashMs = round(median(hashes), 2);
      }
      if (before) {
        const after = await responseCacheCounts(servers.api);
        const hits = after.hits - before.hits;
        const misses = after.misses - before.misses;
        figures.responseCache = {
          hits,
          misses,
          hitRate: hits + misses > 0 ? Math.round((hits / (hits + misses)) * 1000) / 1000 : 0,
        };
      }
      runsByScenario.set(scenario.name, [...(runsByScenario.get(scenario.name) ?? []), figures]);
      log(
        `run ${run}/${options.runs} ${scenario.name.padEnd(30)} p50 ${figures.p50} p95 ${figures.p95} p99 ${figures.p99} ms, ${figures.requestsPerSecond} req/s, ${figures.errors} errors (statuses ${JSON.stringify(figures.statusCounts)}), CPU server ${figures.cpuPercent.server} % load generator ${figures.cpuPercent.loadGenerator} %, load ${figures.loadAverage}${figures.passwordHashMs ? `, one password hash ${figures.passwordHashMs} ms` : ''}${figures.responseCache ? `, response cache ${figures.responseCache.hits} hits / ${figures.responseCache.misses} misses (${Math.round(figures.responseCache.hitRate * 1000) / 10} %)` : ''}`,
      );
    }
  }
  return runsByScenario;
}

function printSummary(result: ApiBenchResult, log: (line: string) => void): void {
  const { options, rss, soak } = result;
  log(
    `\n${options.listings} listings on ${options.db}, c=${options.connections}, ${options.runs} × ${options.durationSeconds} s, median of runs; load average ${result.machine.loadAverage.join(' ')}\n`,
  );
  log(result.table);
  for (const scenario of result.scenarios) {
    if (scenario.responseCacheHitRate === undefined) continue;
    const perRun = scenario.runs
      .map((run) =>
        run.responseCache ? `${run.responseCache.hits}/${run.responseCache.misses}` : '?',
      )
      .join(', ');
    log(
      `${scenario.name}: response-cache hit rate ${Math.round(scenario.responseCacheHitRate * 1000) / 10} % (median of runs; hits/misses per run: ${perRun})`,
    );
  }
  log(
    `\nAPI RSS (${options.workers ?? 1} process${(options.workers ?? 1) > 1 ? 'es and their primary' : ''}): ${rss.afterStartMib} MiB after start, ${rss.afterRunsMib} MiB after the runs`,
  );
  if (soak) {
    log(
      `Soak ${soak.seconds} s after a ${soak.warmup.seconds} s warm-up (RSS ${soak.warmup.startRssMib} MiB before it): RSS after a full collection ${soak.startRssMib} → ${soak.endRssMib} MiB (samples ${soak.rssSamplesMib.join(', ')})`,
    );
  }
  log(`\n${formatChecks(result.checks)}`);
}

function apiEnvironment(
  dataDir: string,
  databaseUrl: string | undefined,
  port: number,
  smtpUrl: string,
): Record<string, string> {
  return {
    NODE_ENV: 'production',
    // A fresh secret per run: sessions of an earlier run must not carry over.
    AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    // The harness reads the response cache's hits and misses from /api/metrics.
    METRICS_TOKEN,
    // The send-a-message scenario measures sending; at 20 a minute per account it would
    // measure 429s. The counter still runs on every send.
    MESSAGES_PER_MINUTE: '1000000000',
    // Email goes out as in production (to a sink): a reset link, the notifications' emails.
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Basha bench <bench@basha.test>',
    // The reset scenario asks for links for the same readers many times a second.
    PASSWORD_RESET_MAX_PER_EMAIL: '1000000000',
    PASSWORD_RESET_MAX_PER_ADDRESS: '1000000000',
    // The change scenario's writers change their password again and again.
    PASSWORD_CHANGE_MAX_TRIES: '1000000000',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The sitemap scenario reads a page of listings, listed only when listings are public.
    PUBLIC_LISTINGS: 'true',
  };
}

/** Signed-in reads of every kind in turn for `soakSeconds`, sampling the API's RSS every 5 s. */
async function runSoak(
  api: ServerProcess,
  fixtures: Fixtures,
  options: ApiBenchOptions,
  log: (line: string) => void,
): Promise<Soak> {
  const sequences = readMix(fixtures);
  const warmupSeconds = options.soakWarmupSeconds ?? 0;
  const beforeWarmupRssMib = await api.rssMib();
  if (warmupSeconds > 0) {
    await runLoad({
      url: api.baseUrl,
      serverPid: api.pid,
      connections: options.connections,
      durationSeconds: warmupSeconds,
      requests: sequences,
    });
    log(`Soak warm-up: ${warmupSeconds} s of the same mix, not counted`);
  }
  // Start and end are read right after a full collection, so they compare live memory;
  // the samples between are as the process stands under load.
  const startRssMib = await api.rssMibAfterCollection();
  const samples = [startRssMib];
  const sampler = setInterval(() => {
    api.rssMib().then(
      (mib) => samples.push(mib),
      () => {},
    );
  }, 5000);
  let figures: RunFigures;
  try {
    figures = await runLoad({
      url: api.baseUrl,
      serverPid: api.pid,
      connections: options.connections,
      durationSeconds: options.soakSeconds,
      requests: sequences,
    });
  } finally {
    clearInterval(sampler);
  }
  const endRssMib = await api.rssMibAfterCollection();
  samples.push(endRssMib);
  log(`Soak: ${figures.requests} requests, ${figures.errors} errors, p95 ${figures.p95} ms`);
  return {
    seconds: options.soakSeconds,
    warmup: { seconds: warmupSeconds, startRssMib: beforeWarmupRssMib },
    rssSamplesMib: samples,
    startRssMib,
    endRssMib,
    figures,
  };
}

/** A fresh token per harness process, for /api/metrics (issue 20: metrics are not public). */
const METRICS_TOKEN = randomBytes(24).toString('hex');

async function scrapeMetrics(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (!response.ok) throw new Error(`/api/metrics answered ${response.status}`);
  return response.text();
}

const metricValue = (text: string, name: string): number =>
  Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);

/** The response cache's hits and misses so far, over every API process (ADR 21). */
async function responseCacheCounts(api: ServerProcess): Promise<{ hits: number; misses: number }> {
  const text = await scrapeMetrics(api.baseUrl);
  return {
    hits: metricValue(text, 'basha_response_cache_hits_total'),
    misses: metricValue(text, 'basha_response_cache_misses_total'),
  };
}

/** Waits until a scrape counts `processes` API processes behind the port. */
async function untilProcessesAnswer(baseUrl: string, processes: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const counted = metricValue(await scrapeMetrics(baseUrl), 'basha_api_processes');
    // One process alone may not report the gauge at all.
    if (processes === 1 || counted >= processes) return;
    if (Date.now() > deadline) {
      throw new Error(`only ${counted} of ${processes} API processes answered within 120 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function writeResult(result: ApiBenchResult, dir: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const stamp = result.startedAt.replaceAll(':', '-').replace(/\..*/, '');
  const workers = result.options.workers ?? 1;
  const name = `api-${result.options.db}-${result.options.listings}${workers > 1 ? `-workers-${workers}` : ''}`;
  const file = path.join(dir, `${name}-${stamp}.json`);
  const json = `${JSON.stringify(result, null, 2)}\n`;
  await fs.writeFile(file, json);
  await fs.writeFile(path.join(dir, `${name}-latest.json`), json);
  return file;
}
