import { expect, it } from 'vitest';
import { openDatabaseBefore } from '../../../test/database-before-migration.ts';
import { OFFER_EXPIRY_JOB } from './offer-expiry.job.ts';

it('gives every open offer made before background jobs existed its expiry job', async () => {
  const { database, drop } = await openDatabaseBefore('0007');
  const sql = database.jobQuery;
  const agent = '00000000-0000-4000-8000-000000000001';
  const listing = '00000000-0000-4000-8000-000000000002';
  const [open, decided] = [
    '00000000-0000-4000-8000-000000000003',
    '00000000-0000-4000-8000-000000000004',
  ];
  // Written as the tables were named before migration 0008.
  await sql(
    `insert into users (id, name, email, email_verified, role)
      values ('${agent}', 'Agent', 'agent@example.com', true, 'agent')`,
    [],
  );
  await sql(
    `insert into properties (id, agent_id, title, location, description, photo_key,
        photo_width, photo_height, price_min, price_max, status)
      values ('${listing}', '${agent}', 'Flat', 'Gulshan', 'A flat', 'listing-photos/x',
        1200, 800, 5000, 5100, 'verified')`,
    [],
  );
  await sql(
    `insert into offers (id, property_id, buyer_id, amount, deadline, status) values
      ('${open}', '${listing}', null, 5000, '2026-12-01', 'pending'),
      ('${decided}', '${listing}', null, 5000, '2026-12-01', 'rejected')`,
    [],
  );

  await database.migrate();

  const jobs = await sql('select name, key, payload, run_at::text from jobs', []);
  expect(jobs).toHaveLength(1);
  expect(jobs[0]).toMatchObject({
    // The migration writes what scheduleOfferExpiry writes.
    name: OFFER_EXPIRY_JOB,
    key: `${OFFER_EXPIRY_JOB}:${open}`,
    payload: { offerId: open },
  });
  // The end of 1 December in Dhaka (UTC+6).
  expect(new Date(jobs[0]?.run_at as string).toISOString()).toBe('2026-12-01T18:00:00.000Z');
  await drop();
});
