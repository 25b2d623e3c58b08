import { afterEach, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { embeddedClientOf } from '../src/db/client.ts';
import { snapshotsLoaded, takeEmbeddedDatabase } from './embedded-database-pool.ts';

const target = inject('databaseTarget');
const snapshotFile = target.driver === 'pglite' ? target.snapshotFile : '';
const taken: DatabaseHandle[] = [];

async function take(): Promise<DatabaseHandle> {
  const database = await takeEmbeddedDatabase(snapshotFile);
  taken.push(database);
  return database;
}

async function rows<Row>(database: DatabaseHandle, text: string): Promise<Row[]> {
  return (await embeddedClientOf(database).query<Row>(text)).rows;
}

afterEach(async () => {
  await Promise.all(taken.splice(0).map((database) => database.close()));
});

describe("a worker's embedded databases, handed from test file to test file", () => {
  it('come back as migrated: no rows, sequences from 1, no planner statistics', async () => {
    expect(target.driver).toBe('pglite');
    const first = await take();
    await embeddedClientOf(first).exec(`
      INSERT INTO users (name, email) VALUES ('Rahim', 'rahim@example.com');
      INSERT INTO listings (agent_id, title, location, description, photo_key, photo_width,
        photo_height, price_min, price_max, size_value, size_unit, size_sqft)
        SELECT id, 'Flat', 'Gulshan', 'Bright', 'listing-photos/x', 1200, 800, 5000, 5100,
          1500, 'sqft', 1500 FROM users;
      SELECT nextval('notifications_sequence_seq');
      ANALYZE users;
      ANALYZE listings;
    `);
    // The statistics of expressions (migration 0021) too, which are kept apart.
    expect(await rows(first, 'SELECT count(*)::int AS n FROM pg_statistic_ext_data')).toEqual([
      { n: 1 },
    ]);
    const loadedBefore = snapshotsLoaded();
    await first.close();

    const again = await take();
    expect(snapshotsLoaded()).toBe(loadedBefore); // the same database, not a new copy
    expect(await rows(again, 'SELECT email FROM users')).toEqual([]);
    expect(await rows(again, `SELECT nextval('notifications_sequence_seq')::int AS next`)).toEqual([
      { next: 1 },
    ]);
    expect(await rows(again, `SELECT attname FROM pg_stats WHERE schemaname = 'public'`)).toEqual(
      [],
    );
    expect(await rows(again, 'SELECT count(*)::int AS n FROM pg_statistic_ext_data')).toEqual([
      { n: 0 },
    ]);
  });

  it('are not handed out again once a test changed their schema', async () => {
    const changed = await take();
    await embeddedClientOf(changed).exec('ALTER TABLE users RENAME COLUMN email TO email_gone');
    await changed.close();

    const next = await take();
    const columns = await rows<{ name: string }>(
      next,
      `SELECT column_name AS name FROM information_schema.columns
       WHERE table_name = 'users' AND column_name LIKE 'email%' ORDER BY 1`,
    );
    expect(columns.map((column) => column.name)).toEqual(['email', 'email_verified']);
  });

  it('come back outside any transaction a test left open, without its writes', async () => {
    const open = await take();
    await embeddedClientOf(open).exec(
      `BEGIN; INSERT INTO users (name, email) VALUES ('Karim', 'karim@example.com')`,
    );
    await open.close();

    const next = await take();
    expect(await rows(next, 'SELECT email FROM users')).toEqual([]);
    // Still inside the transaction left open (which wrote, and the emptying after it), this
    // statement would have a transaction id already; in a transaction of its own it has none.
    expect(await rows(next, 'SELECT pg_current_xact_id_if_assigned() IS NULL AS own')).toEqual([
      { own: true },
    ]);
  });
});
