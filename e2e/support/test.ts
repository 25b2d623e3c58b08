import { type BrowserContext, test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/** What a test may say about the console errors it provokes on purpose. */
export type ConsoleErrors = {
  /** The test provokes an error whose text matches `pattern`: it does not fail the test. */
  expect(pattern: RegExp): void;
};

/**
 * Playwright's `test`, failing any test during which a page logged a console error or threw
 * an uncaught error it did not declare (`consoleErrors.expect`): a red line in a user's
 * console is a bug even when the journey's assertions pass. Every spec imports `test` from
 * here. It watches the test's own context and every context the test opens from `browser`.
 */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ browser, context }, use) => {
      const seen: string[] = [];
      const expected: RegExp[] = [];
      const watch = (watched: BrowserContext) => {
        watched.on('console', (message) => {
          if (message.type() !== 'error') return;
          const where = message.location().url || message.page()?.url() || '';
          seen.push(`console.error ${message.text()} (${where})`);
        });
        watched.on('weberror', (webError) => {
          seen.push(`uncaught ${webError.error().message} (${webError.page()?.url() ?? ''})`);
        });
      };
      watch(context);
      // The contexts a test opens itself (a second account beside the first one).
      const newContext = browser.newContext;
      browser.newContext = async (...options) => {
        const opened = await newContext.apply(browser, options);
        watch(opened);
        return opened;
      };
      try {
        await use({ expect: (pattern) => expected.push(pattern) });
      } finally {
        browser.newContext = newContext;
      }
      const unexpected = seen.filter((error) => !expected.some((pattern) => pattern.test(error)));
      base.expect(unexpected, 'console errors the test did not expect').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * The console error Chromium logs for a request the server refused with `status`, at an
 * address matching `path` (a regular expression's source): a test that provokes the refusal
 * declares it with `consoleErrors.expect(refusedRequest(…))`.
 */
export function refusedRequest(status: number, path: string): RegExp {
  return new RegExp(
    `^console\\.error Failed to load resource: the server responded with a status of ${status} .*\\(https?://[^/]+${path}\\)$`,
  );
}
