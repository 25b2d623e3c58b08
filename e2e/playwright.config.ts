import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4310);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
// A fresh database for every run: the server starts on an empty data directory.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basha-e2e-'));

export default defineConfig({
  testDir: './tests',
  // Per port, so engineers running different specs in parallel keep their own artifacts.
  outputDir: `./test-results/port-${PORT}`,
  fullyParallel: false,
  // Two workers were slower than one on this 2-core machine (the server needs the other core).
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '../.test-output/e2e.json' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import tsx ../apps/api/src/server.ts',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      PGLITE_FSYNC: 'false',
      LOG_LEVEL: 'warn',
      // Tests log in many times from one address; the throttling itself is tested in the API suite.
      LOGIN_MAX_FAILURES_PER_IP: '1000',
    },
  },
});
