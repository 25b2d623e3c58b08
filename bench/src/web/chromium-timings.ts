import { type Browser, chromium } from '@playwright/test';
import { median } from '../api/load.ts';
import { CHROMIUM } from './lighthouse-run.ts';

/** What a phone shows when, in milliseconds from the start of the navigation. */
export type ChromiumTimings = {
  /** The first paint with content. */
  paintMs: number;
  /** The largest paint (the page's first photo, on every page measured). */
  largestPaintMs: number;
  /** When React had taken the page over: its `<main>` carries React's own properties. */
  appMs: number;
  /**
   * Main-thread blocking after the first paint: each long task's time past 50 ms, summed
   * until half a second after the app took over (Lighthouse's TBT, measured, not simulated).
   */
  blockingMs: number;
};

/**
 * Lighthouse's network throttling: slow 4G (150 ms of latency, 1.6 Mbit/s down, 750 kbit/s
 * up), here applied by Chromium itself to every request, with its 4× CPU slowdown.
 */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/**
 * Run in the page before its own scripts: notes the largest paint and when React has taken
 * the page over. A string, not a function: tsx names the functions it compiles with a helper
 * the page does not have.
 */
const WATCH_THE_PAGE = `
  const seen = {};
  window.benchTimings = seen;
  seen.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.largestPaint = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  (function watchForTheApp() {
    const main = document.getElementById('main');
    if (main && Object.keys(main).some((key) => key.startsWith('__reactFiber'))) {
      seen.app = performance.now();
    } else {
      requestAnimationFrame(watchForTheApp);
    }
  })();
`;
/** Lighthouse's mobile preset's screen. */
const PHONE_VIEWPORT = { width: 412, height: 823 };

/**
 * A first visit has an empty cache; a returning visitor has the page's scripts, stylesheet and
 * photos in it from a visit before (the page itself is revalidated: `no-cache`).
 */
export type Visit = 'first' | 'returning';

/**
 * Loads `url` `runs` times in Chromium, each in a fresh context, as a `visit`, throttled
 * as above, and returns each metric's median. Lighthouse estimates its figures by simulating
 * a load it observed unthrottled; its simulation shares the connection equally among
 * requests and ignores their priorities, so a change to what loads first can move its
 * estimate and a real load differently (ADR 35, amendment of 2026-12-03). These are real.
 */
export async function timeInChromium(
  url: string,
  cookie: string | undefined,
  runs: number,
  visit: Visit = 'first',
): Promise<ChromiumTimings> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  try {
    const loads: ChromiumTimings[] = [];
    for (let run = 0; run < runs; run += 1) loads.push(await loadOnce(browser, url, cookie, visit));
    const medianOf = (metric: keyof ChromiumTimings) =>
      Math.round(median(loads.map((load) => load[metric])));
    return {
      paintMs: medianOf('paintMs'),
      largestPaintMs: medianOf('largestPaintMs'),
      appMs: medianOf('appMs'),
      blockingMs: medianOf('blockingMs'),
    };
  } finally {
    await browser.close();
  }
}

async function loadOnce(
  browser: Browser,
  url: string,
  cookie: string | undefined,
  visit: Visit,
): Promise<ChromiumTimings> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT });
  try {
    if (cookie) {
      const [name = '', value = ''] = cookie.split(/=(.*)/s);
      await context.addCookies([{ name, value, url }]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (visit === 'returning') await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    else await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(WATCH_THE_PAGE);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(
      () => (window as unknown as { benchTimings: { app?: number } }).benchTimings.app,
      null,
      { timeout: 60_000 },
    );
    // A photo that paints after the app took over is the largest paint too.
    await page.waitForTimeout(500);
    return await page.evaluate(() => {
      const seen = (
        window as unknown as {
          benchTimings: { largestPaint?: number; app: number; longTasks: [number, number][] };
        }
      ).benchTimings;
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      return {
        paintMs: paint ?? Number.NaN,
        largestPaintMs: seen.largestPaint ?? Number.NaN,
        appMs: seen.app,
        blockingMs: seen.longTasks
          .filter(([start]) => paint !== undefined && start >= paint)
          .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
      };
    });
  } finally {
    await context.close();
  }
}
