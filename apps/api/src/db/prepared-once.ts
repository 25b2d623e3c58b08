import type { Database } from './client.ts';

/**
 * `prepare` run once per database and what it makes kept, for statements that come with
 * per-database state of their own (the details' batched lookups). A transaction is a
 * database of its own here: pass the pool's handle. One statement: `preparedOnce`.
 */
export function preparedOncePer<Statements>(
  prepare: (db: Database) => Statements,
): (db: Database) => Statements {
  const prepared = new WeakMap<Database, Statements>();
  return (db) => {
    let statements = prepared.get(db);
    if (!statements) {
      statements = prepare(db);
      prepared.set(db, statements);
    }
    return statements;
  };
}

/** What a Drizzle handle shares with its transactions, and what is its own. */
type DrizzleHandle = { dialect: object; _: { session: { client: unknown } } };
/** A built statement runs on the connection (`client`) it holds. */
type OnConnection = { client: unknown };

/**
 * One statement, built by Drizzle once per database and run on the connection of the handle
 * each call gives: the pool's, or a transaction's. Building a query with many columns costs
 * Drizzle more than running it (a wishlist item's read spent most of its API time there).
 * Writes run inside transactions, where
 * `preparedOncePer` would build them again for every transaction: the offer, the wishlist add
 * and the message spent a fifth of the API's time building their SQL (bench/README.md). A
 * database and its transactions share one Drizzle dialect, so the dialect names the database.
 */
export function preparedOnce<Statement extends object>(
  build: (db: Database) => Statement,
): (db: Database) => Statement {
  const built = new WeakMap<object, Statement>();
  return (db) => {
    const handle = db as unknown as DrizzleHandle;
    let statement = built.get(handle.dialect);
    if (!statement) {
      statement = build(db);
      built.set(handle.dialect, statement);
    }
    const { client } = handle._.session;
    if ((statement as OnConnection).client === client) return statement;
    // The same statement on this handle's connection: everything else is shared.
    return Object.assign(Object.create(statement) as Statement, { client });
  };
}
