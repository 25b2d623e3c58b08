import path from 'node:path';
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

/** The keys Stripe needs: the server's secret, the browser's publishable key, the webhook's. */
const STRIPE_REQUIRED = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const;

const ConfigSchema = z
  .object({
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
    AUTH_SECRET: z.optional(
      z.string().check(z.minLength(32, 'must be at least 32 characters long')),
    ),
    DEMO_DATA: z.optional(booleanFlag),
    PGLITE_FSYNC: z._default(booleanFlag, true),
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
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z._default(wholeAtLeastOne(), 10),
    LOGIN_MAX_FAILURES_PER_IP: z._default(wholeAtLeastOne(), 50),
    LOGIN_WINDOW_SECONDS: z._default(wholeAtLeastOne(), 15 * 60),
    SHUTDOWN_TIMEOUT_SECONDS: z._default(wholeAtLeastOne(), 10),
    METRICS_TOKEN: z.optional(
      z.string().check(z.minLength(16, 'must be at least 16 characters long')),
    ),
    GOOGLE_CLIENT_ID: z.optional(nonEmpty()),
    GOOGLE_CLIENT_SECRET: z.optional(nonEmpty()),
    GOOGLE_ISSUER: z._default(z.url(), 'https://accounts.google.com'),
    WEB_DIST_DIR: z.optional(z.string()),
    SITE_AUTHOR: z._default(nonEmpty(), 'Basha'),
    PAYMENT_PROVIDER: z._default(
      z.enum(['sandbox', 'stripe'], { error: 'expected sandbox or stripe' }),
      'sandbox',
    ),
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
    /** Tests point the Stripe SDK at a local stand-in; production leaves it unset. */
    STRIPE_API_BASE: z.optional(httpUrl()),
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
      if (env.PAYMENT_PROVIDER === 'stripe') {
        for (const variable of STRIPE_REQUIRED) {
          if (!env[variable]) {
            ctx.addIssue({
              code: 'custom',
              path: [variable],
              message: 'is required when PAYMENT_PROVIDER=stripe',
            });
          }
        }
      }
    }),
  );

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  authSecret: string;
  demoData: boolean;
  pgliteFsync: boolean;
  logLevel: string;
  /**
   * Which proxies in front of Basha are believed about the client's address and protocol
   * (X-Forwarded-For/-Proto): none, a hop count, or their addresses. Fastify's `trustProxy`.
   */
  trustProxy: false | number | string[];
  loginLimits: { perAccount: number; perIp: number; windowSeconds: number };
  /** How long a stopping server waits for requests under way before it cuts them off. */
  shutdownTimeoutMs: number;
  /** The bearer token that opens /api/metrics; undefined = metrics are off (404). */
  metricsToken: string | undefined;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  webDistDir: string;
  siteAuthor: string;
  payments: PaymentsConfig;
};

/** Which card processor takes payments: the built-in sandbox, or Stripe. */
export type PaymentsConfig =
  | { provider: 'sandbox' }
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
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    authSecret: e.AUTH_SECRET ?? DEVELOPMENT_AUTH_SECRET,
    demoData: e.DEMO_DATA ?? e.NODE_ENV !== 'production',
    pgliteFsync: e.PGLITE_FSYNC,
    logLevel: e.LOG_LEVEL,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    loginLimits: {
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: e.LOGIN_WINDOW_SECONDS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
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
    payments: paymentsConfigOf(e),
  };
}

function paymentsConfigOf(e: z.infer<typeof ConfigSchema>): PaymentsConfig {
  if (e.PAYMENT_PROVIDER === 'sandbox') return { provider: 'sandbox' };
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

function trustProxyOf(setting: string | undefined): Config['trustProxy'] {
  if (setting === undefined) return false;
  if (/^\d+$/.test(setting)) return Number(setting) === 0 ? false : Number(setting);
  return setting.split(',').map((address) => address.trim());
}
