import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmptyEmbeddedDatabase } from '../../test/database-before-migration.ts';
import { type DatabaseHandle, embeddedClientOf, embeddedDatabaseOn } from './client.ts';
import { KEPT_STATEMENTS, namedStatementsOn } from './pglite-statements.ts';

// The embedded database's queries run as statements PGlite keeps by name (pglite-statements.ts),
// through its protocol interface and its locks. These tests hold that path to what PGlite's
// own `query` answers, and fail when a PGlite upgrade changes what the interface means.
let database: DatabaseHandle;
let client: PGlite;

beforeAll(async () => {
  database = await openEmptyEmbeddedDatabase();
  client = embeddedClientOf(database);
  await client.exec(`
    create type mood as enum ('calm', 'busy');
    create table things (
      id int primary key, name text not null, at timestamptz, day date, price bigint,
      amount numeric, facts jsonb, tags text[], moods mood[], flag boolean
    );`);
  await client.refreshArrayTypes();
});
afterAll(() => database.close());

const kept = async () =>
  (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows;

describe('statements kept by name on PGlite', () => {
  it('answer what PGlite’s own query answers, in both row modes, for every kind of value', async () => {
    const statements = namedStatementsOn(client);
    const insert = `insert into things values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
      returning id, at, day, price, amount, facts, tags, moods, flag`;
    const values = [
      1,
      'Gulshan flat',
      new Date('2026-11-27T10:00:00Z'),
      '2026-11-27',
      12_500_000,
      '12.50',
      { rooms: 3 },
      ['lift', 'gas'],
      ['calm'],
      true,
    ];
    const ours = await statements.query(insert, values);
    expect(ours.affectedRows).toBe(1);
    const read = 'select * from things where id = $1 and name = $2 and flag = $3';
    for (const rowMode of ['object', 'array'] as const) {
      const theirs = await client.query(read, [1, 'Gulshan flat', true], { rowMode });
      const answer = await statements.query(read, [1, 'Gulshan flat', true], { rowMode });
      expect(answer.rows).toEqual(theirs.rows);
      expect(answer.fields).toEqual(theirs.fields);
      expect(answer.rows).toHaveLength(1);
    }
    const nulls = await statements.query('select $1::text as a, $2::int as b', [null, undefined]);
    expect(nulls.rows).toEqual([{ a: null, b: null }]);
  });

  it('are parsed once per text, each kept under one name', async () => {
    const statements = namedStatementsOn(client);
    const text = 'select count(*)::int as n from things where id > $1';
    for (let i = 0; i < 3; i++) await statements.query(text, [i]);
    expect((await kept()).filter((row) => row.statement === text)).toHaveLength(1);
  });

  it('keep one set per database: two handles on it never give one name two texts', async () => {
    const one = embeddedDatabaseOn(client).db;
    const other = embeddedDatabaseOn(client).db;
    const first = await one.execute(sql`select ${'one'}::text as said`);
    const second = await other.execute(sql`select ${2}::int + 1 as said`);
    expect((first as { rows: unknown[] }).rows).toEqual([{ said: 'one' }]);
    expect((second as { rows: unknown[] }).rows).toEqual([{ said: 3 }]);
  });

  it('refuse bad statements with PostgreSQL’s error, keep nothing of them, and go on working', async () => {
    const statements = namedStatementsOn(client);
    await expect(statements.query('selec nothing', [])).rejects.toMatchObject({ code: '42601' });
    await expect(
      statements.query('insert into things (id, name) values ($1, $2)', [1, 'again']),
    ).rejects.toMatchObject({
      code: '23505',
      query: expect.stringContaining('insert into things'),
    });
    expect((await kept()).map((row) => row.statement)).not.toContain('selec nothing');
    expect((await statements.query('select $1::int as n', [7])).rows).toEqual([{ n: 7 }]);
  });

  it('run inside the transaction they are given, and outside one only once it has ended', async () => {
    const statements = namedStatementsOn(client);
    const count = 'select count(*)::int as n from things where name = $1';
    let outside: Promise<{ rows: unknown[] }> | undefined;
    await client.transaction(async (tx) => {
      await statements.queryIn(tx)('insert into things (id, name) values ($1, $2)', [9, 'draft']);
      expect((await statements.queryIn(tx)(count, ['draft'])).rows).toEqual([{ n: 1 }]);
      outside = statements.query(count, ['draft']);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.rollback();
    });
    expect((await outside)?.rows).toEqual([{ n: 0 }]);
  });

  it('are made again when the table under them changes shape', async () => {
    const statements = namedStatementsOn(client);
    const text = 'select * from things where id = $1';
    const before = await statements.query(text, [1]);
    await client.exec('alter table things add column note text');
    const after = await statements.query(text, [1]);
    expect(after.fields.map((field) => field.name)).toEqual([
      ...before.fields.map((field) => field.name),
      'note',
    ]);
  });

  it(`keep at most ${KEPT_STATEMENTS}, closing the least recently used`, async () => {
    const statements = namedStatementsOn(client);
    const often = 'select $1::int as often';
    for (let i = 0; i <= KEPT_STATEMENTS + 10; i++) {
      await statements.query(`select $1::int + ${i} as n`, [i]);
      if (i % 100 === 0) await statements.query(often, [i]);
    }
    await statements.query('select 1 as closes_the_oldest', []);
    const texts = (await kept()).map((row) => row.statement);
    expect(texts.length).toBeLessThanOrEqual(KEPT_STATEMENTS);
    expect(texts).toContain(often);
    expect(texts).not.toContain('select $1::int + 0 as n');
  });
});
