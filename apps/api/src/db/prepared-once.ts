import type { Database } from './client.ts';

/**
 * `prepare` run once per database and its statements kept: building a query with many
 * columns costs Drizzle more than running it (a wishlist item's read spent most of its API
 * time there). A transaction is a database of its own here: pass the pool's handle.
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
