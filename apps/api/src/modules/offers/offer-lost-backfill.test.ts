import { expect, it } from 'vitest';
import {
  openDatabaseBefore,
  SEEDED,
  seedAgentBuyersAndListings,
} from '../../../test/database-before-migration.ts';

it('marks the offers closed by another offer’s acceptance or sale before migration 0027, and no others', async () => {
  const { database, drop } = await openDatabaseBefore('0027');
  const sql = database.jobQuery;
  const { buyers, flat, plot } = SEEDED;
  const [accepted, sold, before] = [
    '2026-03-01 10:00:00+06',
    '2026-03-02 10:00:00+06',
    '2026-02-01 10:00:00+06',
  ];
  try {
    await seedAgentBuyersAndListings(database);
    // The flat: A's offer accepted, B's rejected with it; C's rejected by the agent before.
    // The plot: A's offer paid, and B's rejected by the sale.
    await sql(
      `insert into offers (listing_id, buyer_id, amount, deadline, status, decided_at, paid_at) values
        ('${flat}', '${buyers[0]}', 5050, '2099-01-01', 'accepted', '${accepted}', null),
        ('${flat}', '${buyers[1]}', 5020, '2099-01-01', 'rejected', '${accepted}', null),
        ('${flat}', '${buyers[2]}', 5010, '2099-01-01', 'rejected', '${before}', null),
        ('${plot}', '${buyers[0]}', 80000, '2099-01-01', 'paid', '${before}', '${sold}'),
        ('${plot}', '${buyers[1]}', 75000, '2099-01-01', 'rejected', '${sold}', null)`,
      [],
    );

    await database.migrate();

    const rows = await sql(
      'select amount::text, status, lost_to_another_offer as lost from offers order by amount',
      [],
    );
    expect(rows).toEqual([
      { amount: '5010', status: 'rejected', lost: false },
      { amount: '5020', status: 'rejected', lost: true },
      { amount: '5050', status: 'accepted', lost: false },
      { amount: '75000', status: 'rejected', lost: true },
      { amount: '80000', status: 'paid', lost: false },
    ]);
  } finally {
    await drop();
  }
});
