import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4310);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** A second Basha configured for Stripe, and a local stand-in for Stripe (stripe.spec.ts). */
export const STRIPE_BASE_URL = `http://127.0.0.1:${PORT + 1}`;
export const FAKE_STRIPE_URL = `http://127.0.0.1:${PORT + 2}`;
/** A Basha behind nginx's TLS, started by https-grade.spec.ts itself: the server and nginx. */
export const HTTPS_BASHA_PORT = PORT + 3;
export const HTTPS_PROXY_PORT = PORT + 4;
/** A Basha with PUBLIC_LISTINGS=true: visitors browse and open listings (public-listings.spec.ts). */
export const PUBLIC_LISTINGS_BASE_URL = `http://127.0.0.1:${PORT + 5}`;
/** A Basha with SSLCommerz and bKash enabled, and their stand-ins (bangladeshi-rails.spec.ts). */
export const RAILS_BASE_URL = `http://127.0.0.1:${PORT + 6}`;
const FAKE_SSLCOMMERZ_PORT = PORT + 7;
const FAKE_BKASH_PORT = PORT + 8;
const STRIPE_WEBHOOK_SECRET = 'whsec_basha_e2e_signing_secret';
// A fresh database for every run: the servers start on empty data directories.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basha-e2e-'));
const stripeDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basha-e2e-stripe-'));
const publicListingsDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basha-e2e-public-'));
const railsDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basha-e2e-rails-'));

// The compiled API, as `npm start` runs it (ADR 13): `npm run build` (root) builds it first.
const apiServer = (port: number, dir: string, env: Record<string, string> = {}) => ({
  command: 'node ../apps/api/dist/server.js',
  url: `http://127.0.0.1:${port}/api/health`,
  reuseExistingServer: false,
  // A fresh database with its demo data (the photos drawn by sharp) took over 180 s to start
  // at a load average of 20–25 on this shared 2-core machine; a server that crashes is
  // reported when its process exits, so the longer wait costs nothing when all is well.
  timeout: 300_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dir,
    DEMO_DATA: 'true',
    // The demo's photos are drawn once per machine, not once per server.
    DEMO_PHOTO_CACHE_DIR: path.join(os.tmpdir(), 'basha-demo-photos'),
    PGLITE_FSYNC: 'false',
    LOG_LEVEL: 'warn',
    // Tests log in many times from one address; the throttling itself is tested in the API suite.
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    SIGNUP_MAX_PER_ADDRESS: '1000',
    ...env,
  },
});

export default defineConfig({
  testDir: './tests',
  // Per port, so engineers running different specs in parallel keep their own artifacts.
  outputDir: `./test-results/port-${PORT}`,
  fullyParallel: false,
  // Two workers were slower than one on this 2-core machine (the server needs the other core).
  workers: 1,
  retries: 0,
  // A failsafe, not a target: on this shared 2-core host ordinary journeys took up to 26 s.
  // A step that never happens still fails at its own 7 s expectation.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '../.test-output/e2e.json' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's package chromium-headless-shell, which scripts/test-chromium.mjs installs.
      executablePath: '/usr/bin/chromium-headless-shell',
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
  webServer: [
    apiServer(PORT, dataDir),
    {
      command: 'node --import tsx stripe/fake-stripe-cloud.ts',
      port: PORT + 2,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        FAKE_STRIPE_PORT: String(PORT + 2),
        STRIPE_WEBHOOK_URL: `${STRIPE_BASE_URL}/api/v1/payments/stripe/webhook`,
        STRIPE_WEBHOOK_SECRET,
      },
    },
    apiServer(PORT + 1, stripeDataDir, {
      PAYMENT_PROVIDERS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_basha_e2e',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_basha_e2e',
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: FAKE_STRIPE_URL,
    }),
    apiServer(PORT + 5, publicListingsDataDir, { PUBLIC_LISTINGS: 'true' }),
    {
      command: 'node --import tsx rails/fake-rails.ts',
      port: FAKE_BKASH_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        FAKE_SSLCOMMERZ_PORT: String(FAKE_SSLCOMMERZ_PORT),
        FAKE_BKASH_PORT: String(FAKE_BKASH_PORT),
      },
    },
    apiServer(PORT + 6, railsDataDir, {
      PAYMENT_PROVIDERS: 'sslcommerz,bkash',
      SSLCOMMERZ_STORE_ID: 'basha_test_store',
      SSLCOMMERZ_STORE_PASSWORD: 'basha_test_store@ssl',
      SSLCOMMERZ_API_BASE: `http://127.0.0.1:${FAKE_SSLCOMMERZ_PORT}`,
      BKASH_APP_KEY: 'basha_app_key',
      BKASH_APP_SECRET: 'basha_app_secret',
      BKASH_USERNAME: 'basha_merchant',
      BKASH_PASSWORD: 'basha_merchant_pw',
      BKASH_API_BASE: `http://127.0.0.1:${FAKE_BKASH_PORT}/v1.2.0-beta/`,
    }),
  ],
});
