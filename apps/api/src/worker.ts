import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { openPostgresDatabase } from './db/client.ts';
import { runJobs } from './jobs/run-jobs.ts';
import { openMediaStorage } from './media/open-storage.ts';

/**
 * `npm run worker`: runs background jobs (ADR 20) in a process of their own, beside API
 * processes started with JOBS=separate. Any number may run against one database.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL: is required by npm run worker: the embedded database (PGlite) opens in one process only, so its jobs run in the API process',
    );
  }
  const log = pino({ level: config.logLevel });
  const database = await openPostgresDatabase(config.databaseUrl);
  await database.migrate();
  // Housekeeping deletes the files of listing photos uploaded and never used.
  const media = await openMediaStorage(config.media);
  const jobs = await runJobs(database, media.storage, config, log);

  // Before the line that says the worker runs: a signal sent on seeing it finds its handler.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.info({ signal }, 'worker stopping after the job in hand');
      jobs
        .stop()
        .then(() => database.close())
        .then(() => media.close())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            log.error({ err: error }, 'worker shutdown failed');
            process.exit(1);
          },
        );
    });
  }
  log.info('Basha worker is running jobs');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Basha worker failed to start:', error);
  process.exit(1);
});
