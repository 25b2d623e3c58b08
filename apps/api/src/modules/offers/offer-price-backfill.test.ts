import { expect, it } from 'vitest';
import {
  openDatabaseBefore,
  SEEDED,
  seedAgentBuyersAndListings,
} from '../../../test/database-before-migration.ts';

it('gives every offer made before migration 0014 its listing’s price range, losing none', async () => {
  const { database, drop } = await openDatabaseBefore('0014');
  const sql = database.jobQuery;
  const { flat, plot } = SEEDED;
  const buyer = SEEDED.buyers[0];
  try {
    await seedAgentBuyersAndListings(database);
    await sql(
      `insert into offers (listing_id, buyer_id, amount, deadline, status) values
        ('${flat}', '${buyer}', 5050, '2099-01-01', 'pending'),
        ('${flat}', null, 5000, '2020-01-01', 'rejected'),
        ('${plot}', '${buyer}', 80000, '2099-01-01', 'paid')`,
      [],
    );

    await database.migrate();

    const rows = await sql(
      `select listing_id, amount::text, listing_price_min::text as min, listing_price_max::text as max
         from offers order by amount`,
      [],
    );
    expect(rows).toEqual([
      { listing_id: flat, amount: '5000', min: '5000', max: '5100' },
      { listing_id: flat, amount: '5050', min: '5000', max: '5100' },
      { listing_id: plot, amount: '80000', min: '70000', max: '90000' },
    ]);
  } finally {
    await drop();
  }
});
