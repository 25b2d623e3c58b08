import type {
  ListingSearch,
  SavedSearch,
  SavedSearchChange,
  SavedSearchFrequency,
} from '@basha/domain';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { savedSearch } from '../../db/schema.ts';

const columns = {
  id: savedSearch.id,
  name: savedSearch.name,
  search: savedSearch.search,
  frequency: savedSearch.frequency,
  createdAt: savedSearch.createdAt,
};
type Row = {
  id: string;
  name: string;
  search: Record<string, unknown>;
  frequency: string;
  createdAt: Date;
};

export function toSavedSearch(row: Row): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    search: row.search,
    frequency: row.frequency as SavedSearchFrequency,
    createdAt: row.createdAt.toISOString(),
  };
}

export function listOwn(db: Database, userId: string) {
  return db
    .select(columns)
    .from(savedSearch)
    .where(eq(savedSearch.userId, userId))
    .orderBy(desc(savedSearch.createdAt), desc(savedSearch.id));
}

export async function countOwn(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedSearch)
    .where(eq(savedSearch.userId, userId));
  return row?.n ?? 0;
}

/** One of the user's searches that looks for exactly `search` (jsonb equality: key order aside). */
export async function findOwnBySearch(db: Database, userId: string, search: ListingSearch) {
  const [row] = await db
    .select({ name: savedSearch.name })
    .from(savedSearch)
    .where(
      and(
        eq(savedSearch.userId, userId),
        sql`${savedSearch.search} = ${JSON.stringify(search)}::jsonb`,
      ),
    )
    .limit(1);
  return row;
}

export async function insert(
  db: Database,
  userId: string,
  entry: { name: string; search: ListingSearch; frequency: SavedSearchFrequency },
) {
  const [row] = await db
    .insert(savedSearch)
    .values({ userId, name: entry.name, search: entry.search, frequency: entry.frequency })
    .returning(columns);
  return row as Row;
}

/** Changes one of the user's own searches; undefined for anyone else's id. */
export async function update(db: Database, userId: string, id: string, change: SavedSearchChange) {
  const [row] = await db
    .update(savedSearch)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(savedSearch.id, id), eq(savedSearch.userId, userId)))
    .returning(columns);
  return row;
}

/** Deletes one of the user's own searches (its matches go with it); false for anyone else's. */
export async function remove(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedSearch)
    .where(and(eq(savedSearch.id, id), eq(savedSearch.userId, userId)))
    .returning({ id: savedSearch.id });
  return rows.length > 0;
}
