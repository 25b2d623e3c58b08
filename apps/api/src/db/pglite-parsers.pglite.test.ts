import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it, vi } from 'vitest';
import { openEmptyEmbeddedDatabase } from '../../test/database-before-migration.ts';
import { DRIZZLE_TEXT_TYPES, embeddedClientOf } from './client.ts';
import { namedStatementsOn } from './pglite-statements.ts';
import * as schema from './schema.ts';

// client.ts gives PGlite Drizzle's text parsers once and drops the copy Drizzle passes with
// every query (drizzle-orm/pglite/session.js). That relies on Drizzle's internals: these
// tests fail when an upgrade changes which types it wants as text, or how it passes them.
describe("Drizzle's per-query PGlite parsers", () => {
  it('are still passed with every query, for exactly the types PGlite is given once', async () => {
    const seen: unknown[] = [];
    const recordingClient = {
      query: async (_text: string, _params: unknown[], options?: { parsers?: object }) => {
        seen.push(options?.parsers);
        return { rows: [], fields: [], affectedRows: 0 };
      },
    };
    const db = drizzle({ client: recordingClient as never, schema, casing: 'snake_case' });
    await db.execute(sql`select 1`);
    await db.select({ id: schema.session.id }).from(schema.session).limit(1);
    expect(seen).toHaveLength(2);
    for (const parsers of seen) {
      expect(Object.keys(parsers ?? {}).sort()).toEqual(Object.keys(DRIZZLE_TEXT_TYPES).sort());
    }
  });

  it('reach PGlite no more, and dates and timestamps still come back as Drizzle reads them', async () => {
    const database = await openEmptyEmbeddedDatabase();
    try {
      // Every query goes through the statements kept by name (pglite-statements.ts).
      const query = vi.spyOn(namedStatementsOn(embeddedClientOf(database)), 'query');
      const answer = (await database.db.execute(
        sql`select '2026-11-27 10:00:00+00'::timestamptz as at, '2026-11-27'::date as day`,
      )) as { rows: { at: unknown; day: unknown }[] };
      expect(answer.rows).toEqual([{ at: '2026-11-27 10:00:00+00', day: '2026-11-27' }]);
      expect(query).toHaveBeenCalled();
      for (const [, , options] of query.mock.calls) {
        expect((options as { parsers?: object } | undefined)?.parsers).toBeUndefined();
      }
    } finally {
      await database.close();
    }
  });
});
