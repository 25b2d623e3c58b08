import type { Page } from '@playwright/test';

/**
 * Console errors and failed answers (4xx/5xx) while the page is open, collected so that a
 * journey can assert there were none: a user never sees them, but each is a broken promise.
 */
export function recordTrouble(page: Page): string[] {
  const trouble: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => trouble.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) {
      trouble.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  return trouble;
}
