import { gzipSync } from 'node:zlib';
import { expect, test } from '../support/test.ts';

/** The budget from the web-app issue: the home page's initial JavaScript, gzipped. */
const HOME_JS_BUDGET_BYTES = 170 * 1024;

test('the home page loads at most 170 KB of gzipped JavaScript', async ({ page }, testInfo) => {
  const scripts = new Map<string, number>();
  const encodings = new Set<string | undefined>();
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.endsWith('.js') || response.status() !== 200) return;
    encodings.add(response.headers()['content-encoding']);
    scripts.set(url, gzipSync(await response.body(), { level: 9 }).length);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  const lines = [...scripts].map(
    ([url, size]) => `${(size / 1024).toFixed(1)} KB  ${new URL(url).pathname}`,
  );
  await testInfo.attach('home-js.txt', {
    body: `${lines.join('\n')}\ntotal ${(total / 1024).toFixed(1)} KB gzipped\n`,
  });
  console.log(
    `home page initial JS: ${(total / 1024).toFixed(1)} KB gzipped over ${scripts.size} files`,
  );
  expect(total).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
  // What actually crosses the network: the build's Brotli files (Chromium accepts br).
  expect([...encodings]).toEqual(['br']);
});

test("the app ships React Router's production build, without its development warnings", async ({
  page,
}) => {
  const scripts = new Map<string, string>();
  page.on('response', async (response) => {
    if (response.url().endsWith('.js') && response.status() === 200) {
      scripts.set(new URL(response.url()).pathname, await response.text());
    }
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const scriptsWith = (text: string) =>
    [...scripts].filter(([, body]) => body.includes(text)).map(([file]) => file);
  // Router code is there (its navigation hooks' messages), but not a development-only warning.
  expect(scriptsWith('may be used only in the context of a <Router>')).not.toEqual([]);
  expect(scriptsWith('You rendered descendant <Routes>')).toEqual([]);
});
