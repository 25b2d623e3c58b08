import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** The keys Stripe needs: the server's secret, the browser's publishable key, the webhook's. */
const STRIPE_REQUIRED = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const;

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'expected a port number' })
      .int('expected a whole port number')
      .min(0)
      .max(65535, 'expected a port number between 0 and 65535')
      .default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'expected a postgres:// connection URL' })
      .optional(),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'expected an http(s):// URL' }).optional(),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
    DEMO_DATA: booleanFlag.optional(),
    PGLITE_FSYNC: booleanFlag.default(true),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
    LOGIN_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(15 * 60),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    WEB_DIST_DIR: z.string().optional(),
    SITE_AUTHOR: z.string().min(1).default('Basha'),
    PAYMENT_PROVIDER: z
      .enum(['sandbox', 'stripe'], { error: 'expected sandbox or stripe' })
      .default('sandbox'),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S+$/, 'expected a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\S+$/, 'expected a Stripe publishable key (pk_test_… or pk_live_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\S+$/, 'expected a Stripe webhook signing secret (whsec_…)')
      .optional(),
    /** Tests point the Stripe SDK at a local stand-in; production leaves it unset. */
    STRIPE_API_BASE: z
      .url({ protocol: /^https?$/, error: 'expected an http(s):// URL' })
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
      });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
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
  });

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
  loginLimits: { perAccount: number; perIp: number; windowSeconds: number };
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
    loginLimits: {
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: e.LOGIN_WINDOW_SECONDS,
    },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER,
          }
        : undefined,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
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
