import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/**
 * The rules every scan runs: WCAG 2.0 and 2.1 at levels A and AA, and axe's best practices
 * (landmarks, one main heading, named dialogs…).
 */
const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  // Only what fails is described: the passing nodes' details, which nothing reads, are not
  // gathered and sent back.
  resultTypes: ['violations'],
};

const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe on the page as it is now, run in the page itself. axe-core directly rather than through
 * @axe-core/playwright, whose page-only ("legacy") mode sent and compiled axe's 550 KB twice
 * for every scan: a scan of /about-us took 0.29 s against 0.57 s, with the same rules and the
 * same findings (2026-12-05). Basha's pages hold no cross-origin frames, which this would not
 * reach.
 */
export async function scan(page: Page): Promise<AxeResults> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (options) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, options),
    OPTIONS,
  );
}

/** Serious and critical violations, described well enough to fix from the report. */
export async function seriousViolations(page: Page) {
  const results = await scan(page);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).slice(0, 5),
    }));
}
