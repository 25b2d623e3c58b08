import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, E2E_PORT } from './servers.ts';

// The tests read the servers' addresses from here.
export {
  BASE_URL,
  FAKE_STRIPE_URL,
  HTTPS_BASHA_PORT,
  HTTPS_PROXY_PORT,
  JOURNEY_BASE_URL,
  MAILBOX_URL,
  PUBLIC_LISTINGS_BASE_URL,
  RAILS_BASE_URL,
  SEARCH_BASE_URL,
  STRIPE_BASE_URL,
} from './servers.ts';

const chromium = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: './tests',
  // Per port, so engineers running different specs in parallel keep their own artifacts.
  outputDir: `./test-results/port-${E2E_PORT}`,
  fullyParallel: false,
  // Two workers, each its own browser against the same servers: the journeys wait on the
  // browser, the servers and PGlite in turn, and one worker left a third of the two cores idle
  // (63 % busy). Measured on this 2-core machine, 2026-11-29, the 69 journeys: 4.3 min on one
  // worker, 3.3–3.4 min on two (92 % busy). Earlier sessions measured no gain (9.1 against 9.2
  // minutes of npm test), with fewer and shorter journeys. Every journey makes its own
  // accounts and listings and restores what it borrows (the home page's featured reviews).
  workers: 2,
  retries: 0,
  // A failsafe, not a target: on this shared 2-core host ordinary journeys took up to 26 s.
  // A step that never happens still fails at its own 7 s expectation.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '../.test-output/e2e.json' }]],
  use: {
    baseURL: BASE_URL,
    // No trace by default: recording one (DOM snapshots and screencast frames of every step,
    // kept only on failure) made the browser and the workers a fifth of the suite's CPU on
    // this 2-core machine (three specs, 14 journeys: 193.7 s with, 152.8–163.1 s without). A
    // failure still leaves its screenshot and error; rerun it with `--trace on` for the trace.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's package chromium-headless-shell, which scripts/test-chromium.mjs installs.
      executablePath: '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        // The software compositor in the browser process rather than a GPU process of its
        // own: the same 14 journeys took 142.1–144.3 s against 152.8–163.1 s.
        '--in-process-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The journeys that compare a whole list of search results with the same search read again
  // run against a Basha each (SEARCH_BASE_URL, JOURNEY_BASE_URL), among the others: alone at the end,
  // one worker, they left a core idle for about 20 s.
  projects: [{ name: 'chromium', use: chromium }],
  // Every server the journeys need, started side by side (servers.ts).
  globalSetup: './global-setup.ts',
});
