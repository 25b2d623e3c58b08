import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The rules every scan runs: WCAG 2.0 and 2.1 at levels A and AA, and axe's best practices
 * (landmarks, one main heading, named dialogs…).
 */
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe on the page as it is now. Run in the page itself ("legacy mode"): the default runs each
 * frame's part, then opens a blank page to join them, which took longer than the checks on
 * this 2-core machine (a scan of /about-us: 1.4 s against 0.7 s; the same 89 rules, the same
 * results). Basha's pages hold no cross-origin frames, the one case that mode cannot scan.
 * The default also ran the best practices and the WCAG 2.1 rules whatever tags it was given;
 * RULES names them, so the scans check what they checked before.
 */
export function scan(page: Page) {
  return new AxeBuilder({ page }).withTags(RULES).setLegacyMode().analyze();
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
