import path from 'node:path';
import { MESSAGES_PER_MINUTE } from '@basha/domain';
import { z } from 'zod/mini';
import { API_ROOT } from './api-root.ts';
import './zod-messages.ts';

const booleanFlag = z.pipe(
  z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' }),
  z.transform((value) => value === 'true' || value === '1' || value === 'yes'),
);

const nonEmpty = () => z.string().check(z.minLength(1));
const wholeAtLeastOne = () => z.coerce.number().check(z.int(), z.minimum(1));
const httpUrl = () => z.url({ protocol: /^https?$/, error: 'expected an http(s):// URL' });
const stripeKey = (pattern: RegExp, message: string) =>
  z.optional(z.string().check(z.regex(pattern, message)));

/** The settings an S3-compatible media store needs (S3_ENDPOINT may be left out for AWS itself). */
const S3_REQUIRED = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The keys Stripe needs: the server's secret, the browser's publishable key, the webhook's. */
const SSLCOMMERZ_REQUIRED = ['SSLCOMMERZ_STORE_ID', 'SSLCOMMERZ_STORE_PASSWORD'] as const;
const BKASH_REQUIRED = [
  'BKASH_APP_KEY',
  'BKASH_APP_SECRET',
  'BKASH_USERNAME',
  'BKASH_PASSWORD',
] as const;
const STRIPE_REQUIRED = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const;

/**
 * Settings whose meaning changed: an operator who still sets one learns at boot what
 * replaced it, rather than running with a limit that is silently ignored.
 */
const RENAMED_SETTINGS = [
  ['LOGIN_MAX_FAILURES_PER_ACCOUNT', 'LOGIN_FAILURES_BEFORE_DELAY'],
  ['LOGIN_MAX_FAILURES_PER_IP', 'LOGIN_MAX_FAILURES_PER_ADDRESS'],
  ['PAYMENT_PROVIDER', 'PAYMENT_PROVIDERS'],
] as const;

/** The payment rails an operator can enable (ADR 27); the first listed is preselected. */
const PAYMENT_RAILS = ['sandbox', 'stripe', 'sslcommerz', 'bkash'] as const;
type PaymentRail = (typeof PAYMENT_RAILS)[number];

/** `sandbox,stripe` → the distinct rails, in the operator's order; anything else is refused. */
const paymentRailList = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const listed = value.split(',').map((rail) => rail.trim());
    const unknown = listed.filter((rail) => !(PAYMENT_RAILS as readonly string[]).includes(rail));
    if (unknown.length > 0 || listed.length === 0) {
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: `expected a comma list of ${PAYMENT_RAILS.join(', ')}`,
      });
      return z.NEVER;
    }
    return [...new Set(listed as PaymentRail[])];
  }),
);

const ConfigSchema = z
  .looseObject({
    NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
    PORT: z._default(
      z.coerce
        .number({ error: 'expected a port number' })
        .check(
          z.int('expected a whole port number'),
          z.minimum(0),
          z.maximum(65535, 'expected a port number between 0 and 65535'),
        ),
      3000,
    ),
    HOST: z._default(nonEmpty(), '127.0.0.1'),
    DATA_DIR: z._default(nonEmpty(), './data'),
    DATABASE_URL: z.optional(
      z.url({ protocol: /^postgres(ql)?$/, error: 'expected a postgres:// connection URL' }),
    ),
    PUBLIC_URL: z.optional(httpUrl()),
    TRUSTED_ORIGINS: z.optional(
      z
        .string()
        .check(
          z.regex(
            /^https?:\/\/[^\s,]+(\s*,\s*https?:\/\/[^\s,]+)*$/,
            'expected a comma-separated list of http(s):// origins (https://basha.example, https://www.basha.example)',
          ),
        ),
    ),
    AUTH_SECRET: z.optional(
      z.string().check(z.minLength(32, 'must be at least 32 characters long')),
    ),
    DEMO_DATA: z.optional(booleanFlag),
    DEMO_PHOTO_CACHE_DIR: z.optional(z.string().check(z.minLength(1))),
    PUBLIC_LISTINGS: z._default(booleanFlag, false),
    PGLITE_FSYNC: z._default(booleanFlag, true),
    PASSWORD_HASH_COST: z._default(z.enum(['standard', 'low']), 'standard'),
    TRUST_PROXY: z.optional(
      z
        .string()
        .check(
          z.regex(
            /^(\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
            'expected a hop count (1) or a comma-separated list of proxy addresses (10.0.0.1, 10.0.0.0/8)',
          ),
        ),
    ),
    LOG_LEVEL: z._default(
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
      'info',
    ),
    LOGIN_FAILURES_BEFORE_DELAY: z._default(wholeAtLeastOne(), 5),
    LOGIN_MAX_DELAY_SECONDS: z._default(wholeAtLeastOne(), 15 * 60),
    LOGIN_MAX_FAILURES_PER_ADDRESS: z._default(wholeAtLeastOne(), 100),
    LOGIN_WINDOW_SECONDS: z._default(wholeAtLeastOne(), 15 * 60),
    SIGNUP_MAX_PER_ADDRESS: z._default(wholeAtLeastOne(), 20),
    SIGNUP_WINDOW_SECONDS: z._default(wholeAtLeastOne(), 60 * 60),
    PASSWORD_RESET_MAX_PER_EMAIL: z._default(wholeAtLeastOne(), 3),
    PASSWORD_RESET_MAX_PER_ADDRESS: z._default(wholeAtLeastOne(), 20),
    PASSWORD_CHANGE_MAX_TRIES: z._default(wholeAtLeastOne(), 5),
    MESSAGES_PER_MINUTE: z._default(wholeAtLeastOne(), MESSAGES_PER_MINUTE),
    SHUTDOWN_TIMEOUT_SECONDS: z._default(wholeAtLeastOne(), 10),
    WEB_CONCURRENCY: z._default(wholeAtLeastOne(), 1),
    METRICS_TOKEN: z.optional(
      z.string().check(z.minLength(16, 'must be at least 16 characters long')),
    ),
    GOOGLE_CLIENT_ID: z.optional(nonEmpty()),
    GOOGLE_CLIENT_SECRET: z.optional(nonEmpty()),
    GOOGLE_ISSUER: z._default(z.url(), 'https://accounts.google.com'),
    WEB_DIST_DIR: z.optional(z.string()),
    SITE_AUTHOR: z._default(nonEmpty(), 'Basha'),
    PAYMENT_PROVIDERS: z._default(paymentRailList, ['sandbox']),
    STRIPE_SECRET_KEY: stripeKey(
      /^(sk|rk)_(test|live)_\S+$/,
      'expected a Stripe secret key (sk_test_… or sk_live_…)',
    ),
    STRIPE_PUBLISHABLE_KEY: stripeKey(
      /^pk_(test|live)_\S+$/,
      'expected a Stripe publishable key (pk_test_… or pk_live_…)',
    ),
    STRIPE_WEBHOOK_SECRET: stripeKey(
      /^whsec_\S+$/,
      'expected a Stripe webhook signing secret (whsec_…)',
    ),
    JOBS: z._default(
      z.enum(['in-process', 'separate'], { error: 'expected in-process or separate' }),
      'in-process',
    ),
    JOBS_KEEP_FINISHED_DAYS: z._default(wholeAtLeastOne(), 7),
    /** The SMTP server emails go through (ADR 34); unset = email is off. */
    SMTP_URL: z.optional(
      z.string().check(z.regex(/^smtps?:\/\/\S+$/, 'expected smtp://… or smtps://…')),
    ),
    /** The From address of every email, e.g. "Basha <alerts@basha.example>". */
    MAIL_FROM: z.optional(nonEmpty()),
    SSLCOMMERZ_STORE_ID: z.optional(nonEmpty()),
    SSLCOMMERZ_STORE_PASSWORD: z.optional(nonEmpty()),
    /** false (default) = SSLCommerz's sandbox; true = real money. */
    SSLCOMMERZ_LIVE: z._default(booleanFlag, false),
    /** Tests point SSLCommerz calls at a local stand-in; production leaves it unset. */
    SSLCOMMERZ_API_BASE: z.optional(httpUrl()),
    BKASH_APP_KEY: z.optional(nonEmpty()),
    BKASH_APP_SECRET: z.optional(nonEmpty()),
    BKASH_USERNAME: z.optional(nonEmpty()),
    BKASH_PASSWORD: z.optional(nonEmpty()),
    /** false (default) = bKash's sandbox; true = real money. */
    BKASH_LIVE: z._default(booleanFlag, false),
    /** Tests point bKash calls at a local stand-in; production leaves it unset. */
    BKASH_API_BASE: z.optional(httpUrl()),
    /** Tests point the Stripe SDK at a local stand-in; production leaves it unset. */
    STRIPE_API_BASE: z.optional(httpUrl()),
    MEDIA_STORAGE: z._default(z.enum(['disk', 's3'], { error: 'expected disk or s3' }), 'disk'),
    S3_ENDPOINT: z.optional(httpUrl()),
    S3_REGION: z.optional(nonEmpty()),
    S3_BUCKET: z.optional(nonEmpty()),
    S3_ACCESS_KEY_ID: z.optional(nonEmpty()),
    S3_SECRET_ACCESS_KEY: z.optional(nonEmpty()),
    S3_FORCE_PATH_STYLE: z._default(booleanFlag, false),
  })
  .check(
    z.superRefine((env, ctx) => {
      if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
        ctx.addIssue({
          code: 'custom',
          path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
          message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
        });
      }
      if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['AUTH_SECRET'],
          message: 'is required in production',
        });
      }
      if (env.NODE_ENV === 'production' && env.PASSWORD_HASH_COST === 'low') {
        ctx.addIssue({
          code: 'custom',
          path: ['PASSWORD_HASH_COST'],
          message: 'low is for test runs; production hashes passwords at the standard cost',
        });
      }
      if (Boolean(env.SMTP_URL) !== Boolean(env.MAIL_FROM)) {
        ctx.addIssue({
          code: 'custom',
          path: [env.SMTP_URL ? 'MAIL_FROM' : 'SMTP_URL'],
          message: 'set both SMTP_URL and MAIL_FROM to send email, or neither',
        });
      }
      if (env.JOBS === 'separate' && !env.DATABASE_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['JOBS'],
          message:
            'separate needs DATABASE_URL: the embedded database (PGlite) opens in one process only, so its jobs run in the API process',
        });
      }
      if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['WEB_CONCURRENCY'],
          message:
            'more than 1 needs DATABASE_URL: the embedded database (PGlite) lives inside one process and cannot be shared by several; set DATABASE_URL to a PostgreSQL server, or leave WEB_CONCURRENCY at 1',
        });
      }
      for (const [old, replacement] of RENAMED_SETTINGS) {
        if (old in env) {
          ctx.addIssue({
            code: 'custom',
            path: [old],
            message: `was replaced by ${replacement} (docs/decisions/0011-throttling-without-lockout.md)`,
          });
        }
      }
      const requireAll = (variables: readonly (keyof typeof env)[], when: string) => {
        for (const variable of variables) {
          if (!env[variable]) {
            ctx.addIssue({ code: 'custom', path: [variable], message: `is required when ${when}` });
          }
        }
      };
      if (env.PAYMENT_PROVIDERS.includes('stripe')) {
        requireAll(STRIPE_REQUIRED, 'PAYMENT_PROVIDERS includes stripe');
      }
      if (env.PAYMENT_PROVIDERS.includes('bkash')) {
        requireAll(BKASH_REQUIRED, 'PAYMENT_PROVIDERS includes bkash');
      }
      if (env.PAYMENT_PROVIDERS.includes('sslcommerz')) {
        requireAll(SSLCOMMERZ_REQUIRED, 'PAYMENT_PROVIDERS includes sslcommerz');
      }
      if (env.MEDIA_STORAGE === 's3') requireAll(S3_REQUIRED, 'MEDIA_STORAGE=s3');
    }),
  );

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /**
   * The origins whose pages may make state-changing requests (the cross-site guard and
   * better-auth share this one list): PUBLIC_URL's, TRUSTED_ORIGINS, and outside production
   * localhost and 127.0.0.1 on PORT, so both addresses a developer may type work.
   */
  trustedOrigins: string[];
  authSecret: string;
  demoData: boolean;
  /** Where the demo's encoded photos are kept between starts (seed/demo-photo-cache.ts). */
  demoPhotoCacheDir?: string;
  /**
   * Whether visitors may open All Properties and a public listing's details, and the sitemap
   * lists listings (issue 22). Off: the spec's login guard; link previews show either way.
   */
  publicListings: boolean;
  pgliteFsync: boolean;
  /**
   * How hard each password hash is to compute (auth/password-hashing.ts): `standard` in every
   * deployment; `low`, for test runs, is refused in production.
   */
  passwordHashCost: 'standard' | 'low';
  logLevel: string;
  /**
   * Which proxies in front of Basha are believed about the client's address and protocol
   * (X-Forwarded-For/-Proto): none, a hop count, or their addresses. Fastify's `trustProxy`.
   */
  trustProxy: false | number | string[];
  loginLimits: LoginLimits;
  signUpLimits: { perAddress: number; windowSeconds: number };
  /** Requests for a password reset link an hour, per email and per address (ADR 37). */
  passwordResetLimits: { perEmail: number; perAddress: number };
  /** Tries at the current password one account gets in 15 minutes to change it (ADR 37). */
  passwordChangeMaxTries: number;
  /** Messages one account may send per minute (conversations), across every API process. */
  messagesPerMinute: number;
  /** How long a stopping server waits for requests under way before it cuts them off. */
  shutdownTimeoutMs: number;
  /** How many API processes share the port (node:cluster, ADR 21); 1 = this process alone. */
  webConcurrency: number;
  /** The bearer token that opens /api/metrics; undefined = metrics are off (404). */
  metricsToken: string | undefined;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  webDistDir: string;
  siteAuthor: string;
  payments: PaymentsConfig;
  /** Where background jobs run (ADR 20): in each API process, or only in `npm run worker`. */
  jobs: 'in-process' | 'separate';
  /** How long finished jobs stay in the jobs table before housekeeping deletes them. */
  keepFinishedJobsDays: number;
  /** Where emails go out (ADR 34); undefined = email is off. */
  mail: MailConfig | undefined;
  media: MediaConfig;
};

export type MailConfig = { smtpUrl: string; from: string };

/** Where uploaded media is kept: files under DATA_DIR/media, or a bucket (ADR 14). */
export type MediaConfig = { store: 'disk'; root: string } | S3MediaConfig;

export type S3MediaConfig = {
  store: 's3';
  /** The store's address; undefined = AWS S3 itself, found from the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (http://host/bucket/key), as MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
};

/** How failed logins are slowed (ADR 0011). */
export type LoginLimits = {
  /** Failures of one account from one address before each further try waits. */
  failuresBeforeDelay: number;
  /** The longest wait between tries of one account from one address. */
  maxDelaySeconds: number;
  /** Failures from one address, over all accounts, per window, before unknown accounts wait. */
  perAddress: number;
  windowSeconds: number;
};

/** The payment rails the operator enabled, in their order; the buyer picks one (ADR 27). */
export type PaymentsConfig = { rails: PaymentRailConfig[] };

/** One rail and its settings: the built-in sandbox card processor, Stripe, SSLCommerz, bKash. */
export type PaymentRailConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'bkash';
      appKey: string;
      appSecret: string;
      username: string;
      password: string;
      /** bKash's tokenized checkout API (sandbox or live), or a test stand-in; ends in `/`. */
      apiBase: URL;
      /** PUBLIC_URL: where bKash sends the buyer back. */
      callbackBase: string;
    }
  | {
      provider: 'sslcommerz';
      storeId: string;
      storePassword: string;
      /** sandbox.sslcommerz.com, securepay.sslcommerz.com (live), or a test stand-in. */
      apiBase: URL;
      /** PUBLIC_URL: where SSLCommerz sends the buyer back and posts its IPN. */
      callbackBase: string;
    }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      /** Where the SDK sends API calls; undefined = Stripe itself. */
      apiBase: URL | undefined;
    };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Development-only secret so `npm start` works out of the box; production must set its own. */
const DEVELOPMENT_AUTH_SECRET = 'basha-development-secret-do-not-use-in-production';

/** Parses the environment once at boot; nothing else in the app reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const blanksRemoved = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = ConfigSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    trustedOrigins: trustedOriginsOf(e, publicUrl),
    authSecret: e.AUTH_SECRET ?? DEVELOPMENT_AUTH_SECRET,
    demoData: e.DEMO_DATA ?? e.NODE_ENV !== 'production',
    demoPhotoCacheDir: e.DEMO_PHOTO_CACHE_DIR && path.resolve(e.DEMO_PHOTO_CACHE_DIR),
    publicListings: e.PUBLIC_LISTINGS,
    pgliteFsync: e.PGLITE_FSYNC,
    passwordHashCost: e.PASSWORD_HASH_COST,
    logLevel: e.LOG_LEVEL,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    loginLimits: {
      failuresBeforeDelay: e.LOGIN_FAILURES_BEFORE_DELAY,
      maxDelaySeconds: e.LOGIN_MAX_DELAY_SECONDS,
      perAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: e.LOGIN_WINDOW_SECONDS,
    },
    signUpLimits: { perAddress: e.SIGNUP_MAX_PER_ADDRESS, windowSeconds: e.SIGNUP_WINDOW_SECONDS },
    passwordResetLimits: {
      perEmail: e.PASSWORD_RESET_MAX_PER_EMAIL,
      perAddress: e.PASSWORD_RESET_MAX_PER_ADDRESS,
    },
    passwordChangeMaxTries: e.PASSWORD_CHANGE_MAX_TRIES,
    messagesPerMinute: e.MESSAGES_PER_MINUTE,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    webConcurrency: e.WEB_CONCURRENCY,
    metricsToken: e.METRICS_TOKEN,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER,
          }
        : undefined,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(API_ROOT, '../web/dist')),
    siteAuthor: e.SITE_AUTHOR,
    payments: paymentsConfigOf(e, publicUrl),
    jobs: e.JOBS,
    keepFinishedJobsDays: e.JOBS_KEEP_FINISHED_DAYS,
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    media: mediaConfigOf(e, dataDir),
  };
}

function mediaConfigOf(e: z.infer<typeof ConfigSchema>, dataDir: string): MediaConfig {
  if (e.MEDIA_STORAGE === 'disk') return { store: 'disk', root: path.join(dataDir, 'media') };
  const { S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = e;
  // The schema's refinement already refused an S3 setup with a setting missing.
  if (!S3_REGION || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('S3 media storage is selected but its settings are missing.');
  }
  return {
    store: 's3',
    endpoint: e.S3_ENDPOINT,
    region: S3_REGION,
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

function paymentsConfigOf(e: z.infer<typeof ConfigSchema>, publicUrl: string): PaymentsConfig {
  return { rails: e.PAYMENT_PROVIDERS.map((rail) => railConfigOf(rail, e, publicUrl)) };
}

function railConfigOf(
  rail: PaymentRail,
  e: z.infer<typeof ConfigSchema>,
  publicUrl: string,
): PaymentRailConfig {
  if (rail === 'sandbox') return { provider: 'sandbox' };
  if (rail === 'sslcommerz') return sslcommerzConfigOf(e, publicUrl);
  if (rail === 'bkash') return bkashConfigOf(e, publicUrl);
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = e;
  // The schema's refinement already refused a Stripe setup with a key missing.
  if (!STRIPE_SECRET_KEY || !STRIPE_PUBLISHABLE_KEY || !STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Stripe is selected but its keys are missing.');
  }
  return {
    provider: 'stripe',
    secretKey: STRIPE_SECRET_KEY,
    publishableKey: STRIPE_PUBLISHABLE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined,
  };
}

function sslcommerzConfigOf(e: z.infer<typeof ConfigSchema>, publicUrl: string): PaymentRailConfig {
  const { SSLCOMMERZ_STORE_ID, SSLCOMMERZ_STORE_PASSWORD } = e;
  // The schema's refinement already refused an SSLCommerz setup with a setting missing.
  if (!SSLCOMMERZ_STORE_ID || !SSLCOMMERZ_STORE_PASSWORD) {
    throw new ConfigError('SSLCommerz is enabled but its store settings are missing.');
  }
  const gateway = e.SSLCOMMERZ_LIVE
    ? 'https://securepay.sslcommerz.com'
    : 'https://sandbox.sslcommerz.com';
  return {
    provider: 'sslcommerz',
    storeId: SSLCOMMERZ_STORE_ID,
    storePassword: SSLCOMMERZ_STORE_PASSWORD,
    apiBase: new URL(e.SSLCOMMERZ_API_BASE ?? gateway),
    callbackBase: publicUrl,
  };
}

function bkashConfigOf(e: z.infer<typeof ConfigSchema>, publicUrl: string): PaymentRailConfig {
  const { BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME, BKASH_PASSWORD } = e;
  // The schema's refinement already refused a bKash setup with a setting missing.
  if (!BKASH_APP_KEY || !BKASH_APP_SECRET || !BKASH_USERNAME || !BKASH_PASSWORD) {
    throw new ConfigError('bKash is enabled but its settings are missing.');
  }
  const gateway = e.BKASH_LIVE
    ? 'https://tokenized.pay.bka.sh/v1.2.0-beta/'
    : 'https://tokenized.sandbox.bka.sh/v1.2.0-beta/';
  const base = e.BKASH_API_BASE ?? gateway;
  return {
    provider: 'bkash',
    appKey: BKASH_APP_KEY,
    appSecret: BKASH_APP_SECRET,
    username: BKASH_USERNAME,
    password: BKASH_PASSWORD,
    apiBase: new URL(base.endsWith('/') ? base : `${base}/`),
    callbackBase: publicUrl,
  };
}

function trustedOriginsOf(e: z.infer<typeof ConfigSchema>, publicUrl: string): string[] {
  const local =
    e.NODE_ENV === 'production' ? [] : [`http://localhost:${e.PORT}`, `http://127.0.0.1:${e.PORT}`];
  const listed = e.TRUSTED_ORIGINS?.split(',').map((origin) => origin.trim()) ?? [];
  return [...new Set([publicUrl, ...local, ...listed].map((url) => new URL(url).origin))];
}

function trustProxyOf(setting: string | undefined): Config['trustProxy'] {
  if (setting === undefined) return false;
  if (/^\d+$/.test(setting)) return Number(setting) === 0 ? false : Number(setting);
  return setting.split(',').map((address) => address.trim());
}
