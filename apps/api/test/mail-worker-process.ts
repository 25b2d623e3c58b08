/**
 * A job worker process for the email crash test: Basha's own runner and handlers (what
 * `npm run worker` runs), sending through the given SMTP server, with a lock timeout of one
 * second so a killed worker's job is taken again quickly.
 * Usage: mail-worker-process.ts <postgres url> <smtp url>
 */
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { openPostgresDatabase } from '../src/db/client.ts';
import { runJobs } from '../src/jobs/run-jobs.ts';
import { openMediaStorage } from '../src/media/open-storage.ts';

const [url, smtpUrl] = process.argv.slice(2);
if (!url || !smtpUrl) throw new Error('usage: mail-worker-process.ts <postgres url> <smtp url>');
const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: url,
  PUBLIC_URL: 'http://localhost:3000',
  SMTP_URL: smtpUrl,
  MAIL_FROM: 'Basha <alerts@basha.test>',
});
const database = await openPostgresDatabase(url);
// Housekeeping also removes abandoned photo uploads, so the runner needs the media store.
const media = await openMediaStorage(config.media);
await runJobs(database, media.storage, config, pino({ level: 'warn' }), {
  pollIntervalMs: 50,
  lockTimeoutMs: 1000,
  retryDelayMs: 200,
});
console.log('ready');
