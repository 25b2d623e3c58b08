import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** Debian's Chromium, as in the e2e suite; Lighthouse drives it headless. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type PageFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
  /** Scripts the page loaded before it settled, as Lighthouse saw them. */
  scriptUrls: string[];
  /** Weighted audits that scored below 1 in Accessibility, Best Practices and SEO, by id. */
  failedAudits: string[];
  /** Performance opportunities with their estimated savings. */
  opportunities: { id: string; savingsMs: number }[];
  /** What a developer needs to start fixing: console errors, issues, LCP and shifting elements. */
  findings: string[];
};

type AuditItem = {
  url?: string;
  resourceType?: string;
  description?: string;
  issueType?: string;
  node?: { selector?: string; nodeLabel?: string };
  items?: AuditItem[];
};

type Audit = {
  id: string;
  score: number | null;
  scoreDisplayMode?: string;
  numericValue?: number;
  details?: { type?: string; items?: AuditItem[] };
  metricSavings?: { LCP?: number; FCP?: number };
};

/**
 * One Lighthouse 12 navigation with its default (mobile) preset: Moto G Power screen,
 * simulated slow 4G and 4× CPU slowdown. `cookie` is sent with every request (the pages
 * behind login), as a signed-in browser would. Lighthouse sometimes fails to record the
 * trace of a load (NO_NAVSTART, "please run Lighthouse again"): such a run is repeated, up
 * to twice, and the repetition said in the log.
 */
export async function runLighthouse(
  url: string,
  cookie?: string,
  log: (line: string) => void = console.log,
): Promise<PageFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouseOnce(url, cookie);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === 3) throw error;
      log(`  ${error.message}; running it again`);
    }
  }
}

class LighthouseRuntimeError extends Error {}

async function runLighthouseOnce(url: string, cookie?: string): Promise<PageFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      throw new LighthouseRuntimeError(`Lighthouse: ${lhr.runtimeError.code}`);
    }
    const audits = lhr.audits as Record<string, Audit>;
    const numeric = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const requests = audits['network-requests']?.details?.items ?? [];
    const failedAudits = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        // Weighted audits only: the zero-weight ones do not move the score.
        .filter((ref) => ref.weight > 0)
        .map((ref) => audits[ref.id])
        .filter((a): a is Audit => a !== undefined && a.score !== null && a.score < 1)
        .map((a) => `${category}: ${a.id}`),
    );
    const opportunities = Object.values(audits)
      .filter((a) => a.details?.type === 'opportunity' && (a.metricSavings?.LCP ?? 0) > 0)
      .map((a) => ({ id: a.id, savingsMs: Math.round(a.metricSavings?.LCP ?? 0) }));
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls:
        Math.round((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN) * 1000) / 1000,
      fcpMs: numeric('first-contentful-paint'),
      speedIndexMs: numeric('speed-index'),
      scriptUrls: requests
        .filter((r) => r.resourceType === 'Script' && r.url)
        .map((r) => r.url as string),
      failedAudits,
      opportunities,
      findings: findingsOf(audits),
    };
  } finally {
    chrome.kill();
  }
}

/** The few details behind failed audits that say where to look. */
function findingsOf(audits: Record<string, Audit>): string[] {
  const items = (id: string) => audits[id]?.details?.items ?? [];
  const nodeOf = (item: AuditItem) =>
    item.node?.selector ?? item.items?.[0]?.node?.selector ?? 'unknown element';
  return [
    ...items('errors-in-console').map((i) => `console error: ${i.description ?? i.url}`),
    ...items('inspector-issues').flatMap((i) =>
      (i.items ?? [i]).map((sub) => `issue: ${i.issueType ?? ''} ${sub.url ?? ''}`.trim()),
    ),
    ...items('largest-contentful-paint-element')
      .slice(0, 1)
      .map((i) => `LCP element: ${nodeOf(i)}`),
    ...items('layout-shifts')
      .slice(0, 3)
      .map((i) => `layout shift: ${nodeOf(i)}`),
  ].slice(0, 12);
}
