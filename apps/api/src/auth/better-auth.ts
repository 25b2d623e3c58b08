import { LanguageSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@basha/domain';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { getOAuthState } from 'better-auth/api';
// The minimal entry: the same betterAuth without Kysely, which only a direct database
// connection needs (Basha hands it Drizzle's adapter); loading Kysely cost each start of the
// API about 0.2 s of CPU.
import { betterAuth } from 'better-auth/minimal';
import { genericOAuth } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { withoutQueryParams } from '../http/logger.ts';
import { enqueuePasswordResetEmail } from '../modules/accounts/password-reset-email.job.ts';
import { RESET_LINK_PREFIX, storedResetLinkIdentifier } from '../modules/accounts/reset-links.ts';
import { passwordHashing } from './password-hashing.ts';
import { backgroundTasks, quietBetweenCalls } from './quiet-between-calls.ts';

export const GOOGLE_PROVIDER_ID = 'google';

/**
 * better-auth endpoints Basha does not offer. Sign-up is served by our own multipart route
 * (it needs the profile photo and our password rule), and account changes go through
 * /api/v1 where our rules apply.
 */
const disabledPaths = [
  '/update-user',
  '/change-email',
  '/change-password',
  '/set-password',
  '/delete-user',
  '/request-password-reset',
  '/reset-password',
  '/forget-password',
  '/link-social',
  '/unlink-account',
  '/list-accounts',
  // Sessions are listed and revoked by id through /api/v1/me/sessions: these answer with
  // tokens, and revoke-session took a token (ADR 0011).
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  // These hand the browser Google's access and refresh tokens; Basha never needs them there.
  '/get-access-token',
  '/refresh-token',
  '/account-info',
];

export function createAuth(config: Config, db: Database, log?: FastifyBaseLogger) {
  const google = config.google;
  const https = config.publicUrl.startsWith('https:');
  const auth = betterAuth({
    appName: 'Basha',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // The cross-site guard's list (config.ts): one answer to "which pages are Basha's own".
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
    }),
    // Reset links' tokens and OAuth states are kept as digests: a copy of the database does
    // not hold a link that works (ADR 37). Rows written plain before are still found.
    verification: {
      storeIdentifier: {
        default: 'hashed',
        overrides: { [RESET_LINK_PREFIX]: { hash: storedResetLinkIdentifier } },
      },
    },
    disabledPaths,
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: false,
      password: passwordHashing(config.passwordHashCost),
      // Reached through our /api/v1/auth routes only (password-reset.routes.ts), which hold
      // the new password to the sign-up rule; better-auth's own paths stay disabled.
      sendResetPassword: ({ user, token }) =>
        enqueuePasswordResetEmail(db, config.authSecret, { userId: user.id, token }),
      resetPasswordTokenExpiresIn: 60 * 60,
      // Whoever knew the old password is signed out everywhere.
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        fraud: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    databaseHooks: {
      user: { create: { after: (created) => keepSignInLanguage(db, created.id) } },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // No cookie cache: a demoted, deleted or fraud-marked account loses its powers at once.
      cookieCache: { enabled: false },
    },
    // Login throttling is ours (database-backed, per IP and per account): see login-throttle.ts.
    rateLimit: { enabled: false },
    advanced: {
      // Over https the cookies are `__Host-` (Secure, this host only, path /), a stronger
      // promise than better-auth's `__Secure-`: no subdomain can set or shadow them.
      useSecureCookies: false,
      // better-auth skips its origin checks when it sees a test runner; tests run them as
      // production does.
      disableOriginCheck: false,
      cookiePrefix: https ? '__Host-better-auth' : 'better-auth',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https, path: '/' },
      database: { generateId: 'uuid' },
      backgroundTasks,
    },
    plugins: google
      ? [
          genericOAuth({
            config: [
              {
                providerId: GOOGLE_PROVIDER_ID,
                name: 'Google',
                clientId: google.clientId,
                clientSecret: google.clientSecret,
                discoveryUrl: `${google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
    logger: log ? { log: throughPino(log) } : { disabled: config.env === 'test' },
    // An error better-auth did not expect (a failed query) reaches our one error handler,
    // which logs it without values; otherwise its router prints it whole to the console.
    onAPIError: { throw: true },
  });
  return quietBetweenCalls(auth);
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * An account that a Google round trip creates takes the language of the page the round trip
 * started on (its `additionalData`, checked by the route that starts it: sign-in/social), so
 * a Bangla reader's first emails are in Bangla. better-auth hands the data back at the top
 * level of the OAuth state, as the client's word; it is checked again here.
 */
async function keepSignInLanguage(db: Database, userId: string): Promise<void> {
  // Accounts made outside a request (the demo data's) have no state to read.
  const state = await getOAuthState().catch(() => null);
  const language = LanguageSchema.safeParse(state?.language);
  if (language.success) {
    await db.update(schema.user).set({ language: language.data }).where(eq(schema.user.id, userId));
  }
}

/**
 * better-auth logs an error it could not handle whole, a failed query's parameters with it;
 * through the app's logger the values are dropped (http/logger.ts).
 */
function throughPino(log: FastifyBaseLogger) {
  return (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) =>
    log[level]({ err: args.find((arg) => arg instanceof Error) }, withoutQueryParams(message));
}
