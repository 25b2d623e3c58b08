import os from 'node:os';
import path from 'node:path';

/**
 * The servers the journeys run against: six Bashas (four configured differently, two for the
 * journeys that compare whole result lists), and the local stand-ins for the payment gateways'
 * servers, which cannot run here. `global-setup.ts` starts them; the tests import their
 * addresses through `playwright.config.ts`.
 */
/** The first server's port; the others follow it (several runs can use different ranges). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** A second Basha configured for Stripe, and a local stand-in for Stripe (stripe.spec.ts). */
export const STRIPE_BASE_URL = `http://127.0.0.1:${E2E_PORT + 1}`;
export const FAKE_STRIPE_URL = `http://127.0.0.1:${E2E_PORT + 2}`;
/** A Basha behind nginx's TLS, started by https-grade.spec.ts itself: the server and nginx. */
export const HTTPS_BASHA_PORT = E2E_PORT + 3;
export const HTTPS_PROXY_PORT = E2E_PORT + 4;
/** A Basha with PUBLIC_LISTINGS=true: visitors browse and open listings (public-listings.spec.ts). */
export const PUBLIC_LISTINGS_BASE_URL = `http://127.0.0.1:${E2E_PORT + 5}`;
/** A Basha with SSLCommerz and bKash enabled, and their stand-ins (bangladeshi-rails.spec.ts). */
export const RAILS_BASE_URL = `http://127.0.0.1:${E2E_PORT + 6}`;
const FAKE_SSLCOMMERZ_PORT = E2E_PORT + 7;
const FAKE_BKASH_PORT = E2E_PORT + 8;
const STRIPE_WEBHOOK_SECRET = 'whsec_basha_e2e_signing_secret';
/** The inbox of the main Basha's emails, read over HTTP (mail/mailbox.ts). */
export const MAILBOX_URL = `http://127.0.0.1:${E2E_PORT + 9}`;
const MAILBOX_SMTP_PORT = E2E_PORT + 10;
/**
 * A Basha for each journey that compares a whole list of search results with the same search
 * read again (listing-search.spec.ts, listing-journey.spec.ts: both look for Gulshan flats
 * with a lift): no other journey adds listings to it, so a listing verified meanwhile
 * elsewhere cannot join its list between two reads.
 */
export const SEARCH_BASE_URL = `http://127.0.0.1:${E2E_PORT + 11}`;
export const JOURNEY_BASE_URL = `http://127.0.0.1:${E2E_PORT + 12}`;

export type Server = {
  name: string;
  /** Run with `node`, from this folder. */
  args: string[];
  env: Record<string, string>;
  /** Ready once this answers with a status below 500: a starting Basha answers 503. */
  readyUrl: string;
  /** A Basha gets a data directory of its own as `DATA_DIR`, a copy of one seeded for the run. */
  freshDataDir?: boolean;
};

/**
 * The compiled API, as `npm start` runs it (ADR 13): `npm run build` (root) builds it first.
 * Run from this folder. Its embedded database's WebAssembly is only baseline-compiled: V8's
 * optimising compiler, at work in every Basha on the functions the journeys make hot, cost
 * more CPU than the optimised code saved in servers that live four minutes (the 83 journeys
 * 272 s against 247 s, back to back, 2026-12-05). How a server behaves is not changed, only
 * how fast V8 makes it.
 */
export const BASHA_NODE_ARGS = ['--liftoff-only', '../apps/api/dist/server.js'];

const basha = (name: string, baseUrl: string, env: Record<string, string> = {}): Server => ({
  name,
  args: BASHA_NODE_ARGS,
  readyUrl: `${baseUrl}/api/ready`,
  freshDataDir: true,
  env: {
    PORT: new URL(baseUrl).port,
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DEMO_DATA: 'true',
    // The demo's photos are drawn once per machine, not once per server.
    DEMO_PHOTO_CACHE_DIR: path.join(os.tmpdir(), 'basha-demo-photos'),
    PGLITE_FSYNC: 'false',
    LOG_LEVEL: 'warn',
    // Tests log in many times from one address; the throttling itself is tested in the API suite.
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    SIGNUP_MAX_PER_ADDRESS: '1000',
    // The journeys sign up and log in about 400 times: each hash at a sixteenth of the
    // standard cost (ADR 41), which the API suite checks.
    PASSWORD_HASH_COST: 'low',
    ...env,
  },
});

export const SERVERS: Server[] = [
  // The main Basha sends email (a forgotten password's link, notifications) to the mailbox.
  basha('basha', BASE_URL, {
    SMTP_URL: `smtp://127.0.0.1:${MAILBOX_SMTP_PORT}`,
    MAIL_FROM: 'Basha <alerts@basha.test>',
  }),
  {
    name: 'mailbox',
    args: ['--import', 'tsx', 'mail/mailbox.ts'],
    readyUrl: MAILBOX_URL,
    env: {
      MAILBOX_HTTP_PORT: new URL(MAILBOX_URL).port,
      MAILBOX_SMTP_PORT: String(MAILBOX_SMTP_PORT),
    },
  },
  {
    name: 'fake Stripe',
    args: ['--import', 'tsx', 'stripe/fake-stripe-cloud.ts'],
    readyUrl: FAKE_STRIPE_URL,
    env: {
      FAKE_STRIPE_PORT: new URL(FAKE_STRIPE_URL).port,
      STRIPE_WEBHOOK_URL: `${STRIPE_BASE_URL}/api/v1/payments/stripe/webhook`,
      STRIPE_WEBHOOK_SECRET,
    },
  },
  basha('basha with Stripe', STRIPE_BASE_URL, {
    PAYMENT_PROVIDERS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_basha_e2e',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_basha_e2e',
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: FAKE_STRIPE_URL,
  }),
  basha('basha with public listings', PUBLIC_LISTINGS_BASE_URL, { PUBLIC_LISTINGS: 'true' }),
  basha('basha for the search journey', SEARCH_BASE_URL),
  basha('basha for the listing journey', JOURNEY_BASE_URL),
  {
    name: 'fake SSLCommerz and bKash',
    args: ['--import', 'tsx', 'rails/fake-rails.ts'],
    readyUrl: `http://127.0.0.1:${FAKE_BKASH_PORT}`,
    env: {
      FAKE_SSLCOMMERZ_PORT: String(FAKE_SSLCOMMERZ_PORT),
      FAKE_BKASH_PORT: String(FAKE_BKASH_PORT),
    },
  },
  basha('basha with SSLCommerz and bKash', RAILS_BASE_URL, {
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
];
