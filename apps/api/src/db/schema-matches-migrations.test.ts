import fs from 'node:fs';
import { generateDrizzleJson, generateMigration, pushSchema } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import type { DatabaseHandle } from './client.ts';
import * as schema from './schema.ts';

const migrationsDir = new URL('../../drizzle/', import.meta.url);

type JournalEntry = { idx: number; tag: string; when: number };
const journal: { entries: JournalEntry[] } = JSON.parse(
  fs.readFileSync(new URL('meta/_journal.json', migrationsDir), 'utf8'),
);

const snapshotOf = (entry: JournalEntry) =>
  JSON.parse(
    fs.readFileSync(
      new URL(`meta/${String(entry.idx).padStart(4, '0')}_snapshot.json`, migrationsDir),
      'utf8',
    ),
  );

/** `CREATE INDEX "a" ON "t" USING gin ("c" gin_trgm_ops)` and PostgreSQL's own spelling compare equal. */
describe('the migrations journal', () => {
  it('numbers its entries in order: idx is the position and the tag starts with it', () => {
    journal.entries.forEach((entry, position) => {
      expect(entry.idx, entry.tag).toBe(position);
      expect(entry.tag.slice(0, 5), entry.tag).toBe(`${String(position).padStart(4, '0')}_`);
    });
  });

  it('dates its entries in order: the migrator skips one dated before the last applied', () => {
    const dates = journal.entries.map((entry) => entry.when);
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(new Set(dates).size).toBe(dates.length);
  });

  it('lists every SQL file in the folder, and each has its snapshot', () => {
    const sqlFiles = fs
      .readdirSync(migrationsDir)
      .filter((file) => file.endsWith('.sql'))
      .sort();
    expect(sqlFiles).toEqual(journal.entries.map((entry) => `${entry.tag}.sql`));
    for (const entry of journal.entries) expect(snapshotOf(entry).id, entry.tag).toBeTruthy();
  });
});

describe('schema.ts and the migrations', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('agree with the latest snapshot: `drizzle-kit generate` would write no new migration', async () => {
    const latest = snapshotOf(journal.entries.at(-1) as JournalEntry);
    const fromSchema = generateDrizzleJson(schema, latest.id, undefined, 'snake_case');
    expect(await generateMigration(latest, fromSchema)).toEqual([]);
  });

  it('agree with a database migrated from the SQL files: pushing schema.ts would change nothing', async () => {
    const { statementsToExecute } = await pushSchema(schema, database.db as never);
    // drizzle-kit cannot compare an index on an expression (`location gin_trgm_ops`, a sort
    // key computed from two columns), so it always proposes to drop and recreate one, the
    // drops first and the creates after them; such a pair is drift only when the database's
    // own definition of that index differs from the one schema.ts would create.
    const statements = statementsToExecute as string[];
    const recreateOf = (name: string) =>
      statements.find((statement) => statement.startsWith(`CREATE INDEX "${name}" `));
    const sameAsDatabase = new Set<string>();
    for (const statement of statements) {
      const dropped = /^DROP INDEX "([^"]+)";$/.exec(statement)?.[1];
      const recreate = dropped && recreateOf(dropped);
      if (!dropped || !recreate) continue;
      // PostgreSQL writes both the same way: build schema.ts's under another name, compare.
      const probe = `${dropped}_drift_probe`;
      await database.jobQuery(recreate.replace(`"${dropped}"`, `"${probe}"`), []);
      const definitions = await database.jobQuery(
        'select pg_get_indexdef($1::regclass) as built, pg_get_indexdef($2::regclass) as wanted',
        [dropped, probe],
      );
      await database.jobQuery(`drop index "${probe}"`, []);
      const [row] = definitions;
      if (String(row?.built) === String(row?.wanted).replace(probe, dropped)) {
        sameAsDatabase.add(statement).add(recreate);
      }
    }
    const drift = statements.filter((statement) => !sameAsDatabase.has(statement));
    expect(drift).toEqual([]);
  });
});
