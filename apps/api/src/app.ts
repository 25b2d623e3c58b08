import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import etag from '@fastify/etag';
import sse from '@fastify/sse';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { registerAccessControl } from './auth/access.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { createAuth } from './auth/better-auth.ts';
import { createLoginThrottle } from './auth/login-throttle.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openEmbeddedDatabase, openPostgresDatabase } from './db/client.ts';
import { answerSerializerCompiler } from './http/answer-serializer.ts';
import { registerApiCacheHeaders } from './http/cache-headers.ts';
import { JSON_COMPRESSION } from './http/compression.ts';
import { registerCrossSiteGuard } from './http/cross-site-guard.ts';
import { registerHttpsOnly } from './http/https-only.ts';
import { loggerOptions } from './http/logger.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerProblemDetails } from './http/problem-details.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { jobQueueDepth } from './jobs/job-queue.ts';
import { runJobs } from './jobs/run-jobs.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { openMediaStorage } from './media/open-storage.ts';
import type { MediaStorage } from './media/storage.ts';
import { passwordChangeRoutes } from './modules/accounts/password-change.routes.ts';
import { passwordResetRoutes } from './modules/accounts/password-reset.routes.ts';
import { signUpRoutes } from './modules/accounts/sign-up.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { conversationsRoutes } from './modules/conversations/conversations.routes.ts';
import { emailRoutes } from './modules/email/email.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { listingsRoutes } from './modules/listings/listings.routes.ts';
import {
  type ListingSearchMemory,
  openListingSearchMemory,
} from './modules/listings/search-index/listing-search-memory.ts';
import { createLiveStreams } from './modules/notifications/live-streams.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches.routes.ts';
import { sessionsRoutes } from './modules/sessions/sessions.routes.ts';
import { agentPhoneRoutes } from './modules/users/agent-phone.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.ts';
import type { DataVersions } from './performance/data-versions.ts';
import { registerPerformance } from './performance/register-performance.ts';
import { openDemoPhotoCache } from './seed/demo-photo-cache.ts';
import { seedDemoData } from './seed/index.ts';
import { sitemapRoutes } from './web/sitemap.routes.ts';
import { serveWebApp } from './web/web-app.ts';

export type AppDependencies = {
  /** An open, migrated database; when omitted the app opens (and closes) its own. */
  database?: DatabaseHandle;
  storage?: MediaStorage;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** Sees every route as it is registered (the authorization matrix checks it covers them). */
  onRoute?: (route: RouteOptions) => void;
};

/** Builds the whole API without listening, so tests drive it with `inject`. */
export async function buildApp(
  config: Config,
  deps: AppDependencies = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    // Fastify takes a hop count at run time but its types do not: the same rule as a function.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // While stopping, a request that still arrives on an open keep-alive connection is
    // served (told `Connection: close`) rather than refused: nothing is dropped (ADR 13).
    return503OnClosing: false,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  registerProblemDetails(app);

  const database = deps.database ?? (await openDatabase(config));
  // Open event streams close when their session ends, which the change feed announces (ADR 26).
  const liveStreams = createLiveStreams(database.db, app.log);
  const liveEvents = await database.listenForLiveEvents(liveStreams.events);
  // Before the server waits for requests to finish: an open stream never finishes by itself.
  app.addHook('preClose', async () => liveStreams.closeAll());
  const media = deps.storage
    ? { storage: deps.storage, close: () => {} }
    : await openMediaStorage(config.media);
  if (!config.mail) app.log.info('Email is off: set SMTP_URL and MAIL_FROM to send it (ADR 34)');
  // Background jobs (ADR 20) run here unless a separate `npm run worker` runs them.
  const jobs =
    config.jobs === 'in-process'
      ? await runJobs(database, media.storage, config, app.log)
      : undefined;
  app.addHook('onClose', async () => {
    await jobs?.stop();
    await liveEvents.close();
    if (!deps.database) await database.close();
  });
  // After the jobs stop: housekeeping may be deleting files.
  app.addHook('onClose', async () => media.close());
  const { storage } = media;
  const auth = createAuth(config, database.db, app.log);
  const throttle = createLoginThrottle(database.db, config.loginLimits);

  // Once per database: processes starting together take turns, and the later ones find the
  // demo data there (ADR 21).
  if (config.demoData) {
    await database.exclusively(() =>
      seedDemoData({
        db: database.db,
        auth,
        storage,
        photoCache: config.demoPhotoCacheDir
          ? openDemoPhotoCache(config.demoPhotoCacheDir)
          : undefined,
        log: app.log,
      }),
    );
  }

  registerSecurityHeaders(app, config);
  registerHttpsOnly(app, config);
  // Before access control: a forged request is refused before the session is even read.
  registerCrossSiteGuard(app, config);
  // Weak ETags on answers (hashed before compression): a browser revalidating a list it
  // already has gets 304 and no body.
  await app.register(etag, { weak: true });
  await app.register(compress, JSON_COMPRESSION);
  await app.register(cookie);
  await app.register(sse);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Basha API',
        version: '1.0.0',
        description: 'Property marketplace for Bangladesh',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Sessions and answers are cached per process and kept current by PostgreSQL's
  // announcements of every committed change (ADR 6).
  const { readSession, versions } = await registerPerformance(app, {
    database,
    auth,
    alsoHearing: liveStreams.sessionChanges,
  });
  registerAccessControl(app, readSession);
  registerApiCacheHeaders(app);
  await registerMetrics(app, {
    token: config.metricsToken,
    poolUse: database.poolUse,
    responses: app.caches.responses,
    jobQueueDepth: () => jobQueueDepth(database.jobQuery),
    liveStreams: liveStreams.count,
  });
  await app.register(healthRoutes, { database });
  await app.register(signUpRoutes, {
    auth,
    db: database.db,
    storage,
    limits: config.signUpLimits,
  });
  await app.register(passwordResetRoutes, {
    auth,
    db: database.db,
    emailSending: config.mail !== undefined,
    limits: config.passwordResetLimits,
    throttle,
  });
  await app.register(authRoutes, {
    auth,
    throttle,
    publicUrl: config.publicUrl,
    googleEnabled: config.google !== undefined,
    emailSending: config.mail !== undefined,
  });
  await app.register(usersRoutes, { db: database.db });
  await app.register(agentPhoneRoutes, { db: database.db });
  await app.register(sessionsRoutes, { db: database.db, auth });
  await app.register(passwordChangeRoutes, {
    db: database.db,
    auth,
    maxTries: config.passwordChangeMaxTries,
  });
  await app.register(wishlistRoutes, { db: database.db });
  await app.register(offersRoutes, { db: database.db });
  await app.register(paymentsRoutes, { db: database.db, config: config.payments });
  await app.register(listingsRoutes, {
    db: database.db,
    storage,
    publicListings: config.publicListings,
    searchMemory: await searchMemoryOf(app, database, versions),
  });
  await app.register(reviewsRoutes, { db: database.db, publicListings: config.publicListings });
  await app.register(auditRoutes, { db: database.db });
  await app.register(conversationsRoutes, {
    db: database.db,
    messagesPerMinute: config.messagesPerMinute,
  });
  await app.register(notificationsRoutes, { db: database.db, auth, live: liveStreams });
  await app.register(emailRoutes, {
    db: database.db,
    secret: config.authSecret,
    sending: config.mail !== undefined,
  });
  await app.register(savedSearchesRoutes, { db: database.db });

  await app.register(mediaRoutes, { storage });
  await app.register(sitemapRoutes, {
    db: database.db,
    publicUrl: config.publicUrl,
    publicListings: config.publicListings,
  });
  await serveWebApp(app, config.webDistDir, {
    publicUrl: config.publicUrl,
    publicListings: config.publicListings,
  });
  return app;
}

/**
 * All Properties' searches answered from memory (ADR 33): pages and counts, a page's cards
 * kept in memory on the embedded database and read by id on PostgreSQL. Read whole before
 * the app serves; it stops before the
 * database closes (onClose runs last-registered first). Answers cached from `listings` are
 * forgotten again once memory hears which listings changed: on PostgreSQL another process's
 * write reaches the caches' table announcement (ADR 6) and memory's listing ids on two
 * connections, and an answer read between the two would otherwise be kept.
 */
async function searchMemoryOf(
  app: FastifyInstance,
  database: DatabaseHandle,
  versions: DataVersions,
): Promise<ListingSearchMemory> {
  const memory = await openListingSearchMemory(
    database.db,
    (listener) =>
      database.listenForListingChanges({
        ...listener,
        changed: (idOrAll) => {
          listener.changed(idOrAll);
          versions.changed('listings');
        },
      }),
    { cards: database.driver === 'pglite' },
  );
  app.addHook('onClose', () => memory.close());
  await memory.ready();
  return memory;
}

async function openDatabase(config: Config): Promise<DatabaseHandle> {
  const database = config.databaseUrl
    ? await openPostgresDatabase(config.databaseUrl)
    : await openEmbeddedDatabase({
        dataDir: path.join(config.dataDir, 'db'),
        fsync: config.pgliteFsync,
      });
  await database.migrate();
  return database;
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
