import { expect, it } from 'vitest';
import { openDatabaseBefore } from '../../../test/database-before-migration.ts';

it('gives every offer made before migration 0014 its listing’s price range, losing none', async () => {
  const { database, drop } = await openDatabaseBefore('0014');
  const sql = database.jobQuery;
  const agent = '00000000-0000-4000-8000-000000000001';
  const buyer = '00000000-0000-4000-8000-000000000002';
  const [flat, plot] = [
    '00000000-0000-4000-8000-000000000003',
    '00000000-0000-4000-8000-000000000004',
  ];
  try {
    await sql(
      `insert into users (id, name, email, email_verified, role) values
        ('${agent}', 'Agent', 'agent@example.com', true, 'agent'),
        ('${buyer}', 'Buyer', 'buyer@example.com', true, 'user')`,
      [],
    );
    await sql(
      `insert into listings (id, agent_id, title, location, description, photo_key,
         photo_width, photo_height, price_min, price_max, status) values
        ('${flat}', '${agent}', 'Flat', 'Gulshan', 'A flat', 'listing-photos/a', 1200, 800, 5000, 5100, 'verified'),
        ('${plot}', '${agent}', 'Plot', 'Purbachal', 'A plot', 'listing-photos/b', 1200, 800, 70000, 90000, 'verified')`,
      [],
    );
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
