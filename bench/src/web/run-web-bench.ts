import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../apps/api/src/db/client.ts';
import { freePort, type ServerProcess, startServer } from '../api/child-process.ts';
import { ensureCompiledApi } from '../api/compiled-api.ts';
import { logIn } from '../api/fixtures.ts';
import { round } from '../api/load.ts';
import {
  type DatabaseKind,
  type DatasetInfo,
  datasetFor,
  openOrGenerateDataset,
} from '../data/dataset.ts';
import { BENCH_EMAIL_DOMAIN } from '../data/scale.ts';
import { machineInfo } from '../machine.ts';
import { BENCH_ROOT, REPO_ROOT, RESULTS_DIR } from '../paths.ts';
import { type ChromiumTimings, timeInChromium } from './chromium-timings.ts';
import { type PageFigures, runLighthouse } from './lighthouse-run.ts';

export type WebBenchOptions = {
  db: DatabaseKind;
  listings: number;
  runs: number;
  fresh: boolean;
  /** Reuse the last production build instead of building again. */
  skipBuild: boolean;
  dataDir?: string;
  resultsDir?: string;
  /** Measures only the pages whose names contain one of these parts (as `bench:api --only`). */
  only?: string[];
  log?: (line: string) => void;
};

/**
 * A page measured: as a signed-in user (`signedIn`) or a visitor, on an API with
 * `PUBLIC_LISTINGS` on (`publicListings`: All Properties and details open to visitors and
 * pre-rendered for them, ADR 35) or the spec's default. A visitor's page is also scored for
 * SEO, as a crawler would find it.
 */
type PageSpec = { name: string; path: string; signedIn: boolean; publicListings: boolean };

export type PageResult = PageSpec & {
  runs: PageFigures[];
  /** The run with the median performance score (Lighthouse's own advice for few runs). */
  median: PageFigures;
  initialJs: { files: number; rawKb: number; gzipKb: number };
  /** The same page loaded in Chromium itself, throttled as Lighthouse simulates (medians). */
  chromium: ChromiumTimings;
  /** The same, for a visitor with the page's scripts and photos in the browser's cache. */
  returning: ChromiumTimings;
};

export type WebCheck = { target: string; measured: string; pass: boolean };

export const PAGE_TARGETS = {
  /** Pages a visitor opens with PUBLIC_LISTINGS (issue 22). */
  seo: 100,
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  lcpMs: 2000,
  tbtMs: 150,
  cls: 0.05,
} as const;

const BUILD_DIR = path.join(BENCH_ROOT, 'data', 'web-dist');

/**
 * Lighthouse on the production build of the web app, served by the real API on generated
 * data: home (anonymous), all properties, one listing's details and a dashboard page
 * (signed in as a generated user who has a wishlist); then, with `PUBLIC_LISTINGS=true`, all
 * properties and the same listing's details as a visitor (pre-rendered, SEO scored too). The
 * listing has reviews and a gallery of several photos.
 */
export async function runWebBench(options: WebBenchOptions) {
  const log = options.log ?? ((line: string) => console.log(line));
  const startedAt = new Date().toISOString();
  if (!options.skipBuild) buildWebApp(log);
  const apiScript = ensureCompiledApi(log);

  const dataset = datasetFor(options.db, options.listings, { dataDir: options.dataDir });
  const { handle, info } = await openOrGenerateDataset(dataset, { fresh: options.fresh, log });
  let picks: { email: string; listingId: string };
  try {
    picks = await pickPageSubjects(handle.db);
  } finally {
    await handle.close();
  }

  const pages: PageSpec[] = [
    { name: 'home', path: '/', signedIn: false, publicListings: false },
    { name: 'all properties', path: '/allproperties', signedIn: true, publicListings: false },
    {
      name: 'property details',
      path: `/propertyDetails/${picks.listingId}`,
      signedIn: true,
      publicListings: false,
    },
    {
      name: 'dashboard: wishlist',
      path: '/dashboard/wishlist',
      signedIn: true,
      publicListings: false,
    },
    {
      name: 'all properties (visitor)',
      path: '/allproperties',
      signedIn: false,
      publicListings: true,
    },
    {
      name: 'property details (visitor)',
      path: `/propertyDetails/${picks.listingId}`,
      signedIn: false,
      publicListings: true,
    },
  ];
  const results: PageResult[] = [];
  // One API at a time (PGlite is one process's own): the spec's default, then PUBLIC_LISTINGS.
  for (const publicListings of [false, true]) {
    const served = pages.filter(
      (page) =>
        page.publicListings === publicListings &&
        (!options.only || options.only.some((part) => page.name.includes(part))),
    );
    if (served.length === 0) continue;
    const port = await freePort();
    let api: ServerProcess | undefined;
    try {
      api = await startServer({
        name: 'api',
        script: apiScript,
        port,
        env: {
          NODE_ENV: 'production',
          AUTH_SECRET: randomBytes(32).toString('hex'),
          DATA_DIR: dataset.dataDir,
          DATABASE_URL: dataset.databaseUrl ?? '',
          DEMO_DATA: 'false',
          LOG_LEVEL: 'warn',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          PUBLIC_LISTINGS: String(publicListings),
          WEB_DIST_DIR: BUILD_DIR,
        },
        healthPath: '/api/health',
      });
      const cookie = served.some((page) => page.signedIn)
        ? await logIn(api.baseUrl, picks.email)
        : undefined;
      for (const page of served) {
        const runs: PageFigures[] = [];
        for (let run = 1; run <= options.runs; run += 1) {
          const figures = await runLighthouse(
            `${api.baseUrl}${page.path}`,
            page.signedIn ? cookie : undefined,
            log,
          );
          runs.push(figures);
          log(
            `run ${run}/${options.runs} ${page.name.padEnd(26)} perf ${figures.performance} a11y ${figures.accessibility} bp ${figures.bestPractices} seo ${figures.seo} LCP ${figures.lcpMs} TBT ${figures.tbtMs} CLS ${figures.cls}`,
          );
        }
        const medianRun = medianByPerformance(runs);
        const chromium = await timeInChromium(
          `${api.baseUrl}${page.path}`,
          page.signedIn ? cookie : undefined,
          options.runs,
        );
        const returning = await timeInChromium(
          `${api.baseUrl}${page.path}`,
          page.signedIn ? cookie : undefined,
          options.runs,
          'returning',
        );
        for (const [visit, timings] of [
          ['first visit', chromium],
          ['returning', returning],
        ] as const) {
          log(
            `chromium ${page.name.padEnd(26)} ${visit}: paint ${timings.paintMs} largest paint ${timings.largestPaintMs} app ${timings.appMs} blocking ${timings.blockingMs} (median of ${options.runs})`,
          );
        }
        results.push({
          ...page,
          runs,
          median: medianRun,
          initialJs: await initialJs(medianRun.scriptUrls),
          chromium,
          returning,
        });
      }
    } finally {
      await api?.stop();
    }
  }
  const checks = pageChecks(results);
  const table = formatPageTable(results);
  const result = {
    kind: 'web' as const,
    startedAt,
    options: { ...options, log: undefined },
    machine: machineInfo(),
    dataset: info satisfies DatasetInfo,
    pages: results,
    checks,
    table,
  };
  const file = await writeResult(result, options.resultsDir ?? RESULTS_DIR);
  log(
    `\n${options.listings} listings on ${options.db}, Lighthouse mobile preset, median of ${options.runs} runs; load average ${result.machine.loadAverage.join(' ')}\n`,
  );
  log(table);
  for (const page of results) {
    const notes = [
      ...page.median.failedAudits,
      ...page.median.findings,
      ...page.median.opportunities.map((o) => `opportunity ${o.id}: ~${o.savingsMs} ms LCP`),
    ];
    if (notes.length > 0) log(`\n${page.name}:\n  ${notes.join('\n  ')}`);
  }
  log(
    `\n${checks.map((c) => `${c.pass ? 'PASS' : 'MISS'}  ${c.target} — ${c.measured}`).join('\n')}`,
  );
  log(`\nWrote ${path.relative(REPO_ROOT, file)}`);
  return { result, file };
}

function buildWebApp(log: (line: string) => void): void {
  log(`Building the web app (production) into ${path.relative(REPO_ROOT, BUILD_DIR)}`);
  const build = spawnSync('npx', ['vite', 'build', '--outDir', BUILD_DIR, '--emptyOutDir'], {
    cwd: path.join(REPO_ROOT, 'apps/web'),
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error('the web build failed');
  // The server entry that pre-renders visitors' pages with PUBLIC_LISTINGS (ADR 35), where
  // the API looks for it, as `npm run build` places it.
  const serverBuild = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '--ssr',
      'src/server/render-page.tsx',
      '--outDir',
      path.join(BUILD_DIR, '.server'),
    ],
    {
      cwd: path.join(REPO_ROOT, 'apps/web'),
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    },
  );
  if (serverBuild.status !== 0) throw new Error("the web app's server build failed");
}

/** A generated user with a wishlist, and a public listing that has reviews and a gallery. */
async function pickPageSubjects(db: Database): Promise<{ email: string; listingId: string }> {
  const first = async (text: string) => {
    const result = (await db.execute(sql.raw(text))) as unknown as { rows: { value: string }[] };
    const value = result.rows[0]?.value;
    if (!value) throw new Error(`nothing found for: ${text}`);
    return value;
  };
  const isPublic = `p.status = 'verified' AND p.sold_at IS NULL AND p.delisted_at IS NULL`;
  return {
    email: await first(
      `SELECT u.email AS value FROM users u
       JOIN wishlist_items w ON w.user_id = u.id JOIN listings p ON p.id = w.listing_id
       WHERE u.role = 'user' AND u.email LIKE '%@${BENCH_EMAIL_DOMAIN}' AND ${isPublic}
       GROUP BY u.email ORDER BY count(*) DESC, u.email LIMIT 1`,
    ),
    // A gallery of several photos (issue 19), as most listings have.
    listingId: await first(
      `SELECT p.id::text AS value FROM listings p JOIN reviews r ON r.listing_id = p.id
       WHERE ${isPublic} AND p.photo_count >= 4 GROUP BY p.id ORDER BY count(*) DESC, p.id LIMIT 1`,
    ),
  };
}

function medianByPerformance(runs: PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)] as PageFigures;
}

/** The scripts a page loaded, measured on disk as built and as gzip (level 6) would send them. */
async function initialJs(urls: string[]): Promise<PageResult['initialJs']> {
  let raw = 0;
  let gzip = 0;
  const files = [...new Set(urls.map((url) => new URL(url).pathname))];
  for (const file of files) {
    const bytes = await fs.readFile(path.join(BUILD_DIR, file));
    raw += bytes.length;
    gzip += zlib.gzipSync(bytes, { level: 6 }).length;
  }
  return { files: files.length, rawKb: round(raw / 1024, 1), gzipKb: round(gzip / 1024, 1) };
}

function pageChecks(results: PageResult[]): WebCheck[] {
  const t = PAGE_TARGETS;
  return results.flatMap(({ name, median: m, signedIn, publicListings }) => [
    ...(publicListings && !signedIn
      ? [check(`${name}: SEO = ${t.seo}`, `${m.seo}`, m.seo >= t.seo)]
      : []),
    check(
      `${name}: Performance ≥ ${t.performance}`,
      `${m.performance}`,
      m.performance >= t.performance,
    ),
    check(
      `${name}: Accessibility = ${t.accessibility}`,
      `${m.accessibility}`,
      m.accessibility >= t.accessibility,
    ),
    check(
      `${name}: Best Practices ≥ ${t.bestPractices}`,
      `${m.bestPractices}`,
      m.bestPractices >= t.bestPractices,
    ),
    check(`${name}: LCP ≤ ${t.lcpMs} ms`, `${m.lcpMs} ms`, m.lcpMs <= t.lcpMs),
    check(`${name}: TBT ≤ ${t.tbtMs} ms`, `${m.tbtMs} ms`, m.tbtMs <= t.tbtMs),
    check(`${name}: CLS ≤ ${t.cls}`, `${m.cls}`, m.cls <= t.cls),
  ]);
}

const check = (target: string, measured: string, pass: boolean): WebCheck => ({
  target,
  measured,
  pass,
});

export function formatPageTable(results: PageResult[]): string {
  const header =
    '| page | path | PUBLIC_LISTINGS | Performance | Accessibility | Best Practices | SEO | LCP ms | TBT ms | CLS | FCP ms | initial JS (gzip) | Chromium, first visit: paint / largest paint / app / blocking ms | returning visitor: paint / largest paint / app ms |';
  const rule = '|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|';
  const lines = results.map(
    ({ name, path: p, publicListings, median: m, initialJs: js, chromium: c, returning: r }) => {
      const shown = p.startsWith('/propertyDetails/') ? '/propertyDetails/:id' : p;
      return `| ${name} | \`${shown}\` | ${publicListings} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${m.lcpMs} | ${m.tbtMs} | ${m.cls} | ${m.fcpMs} | ${js.gzipKb} KB in ${js.files} files | ${c.paintMs} / ${c.largestPaintMs} / ${c.appMs} / ${c.blockingMs} | ${r.paintMs} / ${r.largestPaintMs} / ${r.appMs} |`;
    },
  );
  return [header, rule, ...lines].join('\n');
}

async function writeResult(
  result: { startedAt: string; options: { db: string; listings: number } },
  dir: string,
) {
  await fs.mkdir(dir, { recursive: true });
  const stamp = result.startedAt.replaceAll(':', '-').replace(/\..*/, '');
  const name = `web-${result.options.db}-${result.options.listings}`;
  const json = `${JSON.stringify(result, null, 2)}\n`;
  const file = path.join(dir, `${name}-${stamp}.json`);
  await fs.writeFile(file, json);
  await fs.writeFile(path.join(dir, `${name}-latest.json`), json);
  return file;
}
