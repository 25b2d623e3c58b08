/**
 * A job runner process for tests about processes dying mid-job: it runs one kind of job,
 * `slow`, which says on stdout when it starts, takes 1.5 s, then records that it finished
 * in the table `slow_job_effects`. Usage: slow-job-process.ts <postgres url> <lock timeout ms>
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { openPostgresDatabase } from '../src/db/client.ts';
import { startJobRunner } from '../src/jobs/job-runner.ts';

const [url, lockTimeoutMs] = process.argv.slice(2);
if (!url || !lockTimeoutMs) throw new Error('usage: slow-job-process.ts <url> <lock timeout ms>');
const database = await openPostgresDatabase(url);
startJobRunner({
  query: database.jobQuery,
  handlers: {
    slow: async (payload) => {
      const { mark } = payload as { mark: string };
      console.log(`started ${mark}`);
      await sleep(1500);
      await database.jobQuery('insert into slow_job_effects (mark, pid) values ($1, $2)', [
        mark,
        process.pid,
      ]);
    },
  },
  log: { warn: (details, message) => console.error(message, details), error: console.error },
  pollIntervalMs: 100,
  lockTimeoutMs: Number(lockTimeoutMs),
});
console.log('ready');
