import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { openEmbeddedDatabase } from '../../db/client.ts';
import { OFFER_EXPIRY_JOB } from './offer-expiry.job.ts';

const migrations = path.join(import.meta.dirname, '../../../drizzle');
let scratch: string | undefined;
afterAll(() => scratch && fs.rm(scratch, { recursive: true, force: true }));

/** A copy of the migrations as they were before 0007 added background jobs. */
async function migrationsBeforeJobs(): Promise<string> {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-migrations-'));
  await fs.cp(migrations, scratch, { recursive: true });
  await fs.rm(path.join(scratch, '0007_background_jobs.sql'));
  const journalFile = path.join(scratch, 'meta/_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8'));
  journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < '0007');
  await fs.writeFile(journalFile, JSON.stringify(journal));
  return scratch;
}

it('gives every open offer made before background jobs existed its expiry job', async () => {
  const database = await openEmbeddedDatabase();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  await migrate(database.db as never, { migrationsFolder: await migrationsBeforeJobs() });
  const agent = '00000000-0000-4000-8000-000000000001';
  const listing = '00000000-0000-4000-8000-000000000002';
  const [open, decided] = [
    '00000000-0000-4000-8000-000000000003',
    '00000000-0000-4000-8000-000000000004',
  ];
  await client.exec(`
    insert into users (id, name, email, email_verified, role)
      values ('${agent}', 'Agent', 'agent@example.com', true, 'agent');
    insert into properties (id, agent_id, title, location, description, photo_key,
        photo_width, photo_height, price_min, price_max, status)
      values ('${listing}', '${agent}', 'Flat', 'Gulshan', 'A flat', 'listing-photos/x',
        1200, 800, 5000, 5100, 'verified');
    insert into offers (id, property_id, buyer_id, amount, deadline, status) values
      ('${open}', '${listing}', null, 5000, '2026-12-01', 'pending'),
      ('${decided}', '${listing}', null, 5000, '2026-12-01', 'rejected');`);

  await database.migrate();

  const jobs = await database.jobQuery('select name, key, payload, run_at::text from jobs', []);
  expect(jobs).toHaveLength(1);
  expect(jobs[0]).toMatchObject({
    // The migration writes what scheduleOfferExpiry writes.
    name: OFFER_EXPIRY_JOB,
    key: `${OFFER_EXPIRY_JOB}:${open}`,
    payload: { offerId: open },
  });
  // The end of 1 December in Dhaka (UTC+6).
  expect(new Date(jobs[0]?.run_at as string).toISOString()).toBe('2026-12-01T18:00:00.000Z');
  await database.close();
});
