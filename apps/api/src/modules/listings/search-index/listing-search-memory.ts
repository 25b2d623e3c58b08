import type { ListingSearchSort } from '@basha/domain';
import type { Database } from '../../../db/client.ts';
import type { ListingCardRow } from '../listing-card.ts';
import type { ListingCursor, ListingSortKeys } from '../listing-cursor.ts';
import { type SearchFilters, searchValuesOf } from '../listing-search-filters.ts';
import { cursorKeyOf, factOrderOf, factQueryOf } from './fact-query.ts';
import { countFacts, searchFacts } from './fact-search.ts';
import {
  readListings,
  readPublicListings,
  type SearchedListingRow,
} from './listing-facts-loader.ts';
import { ListingFactsTable } from './listing-facts-table.ts';

/**
 * Searches of all properties answered from the public listings' facts and cards in this
 * process's memory (ADR 33), for the embedded database, whose one connection would otherwise
 * run every search and read every page's rows. Kept current by the announcements of which
 * listings changed, their agents' names and photos included (migrations 0022 and 0023); every
 * answer waits for the announced changes to be read first, so a process sees its own writes.
 */
export type ListingSearchMemory = {
  /** The first `limit` public listings matching, in the sort, after the cursor. */
  page(
    filters: Partial<SearchFilters>,
    sort: ListingSearchSort,
    after: ListingCursor | null,
    limit: number,
  ): Promise<PageRow[]>;
  /** The counts `countPublicListings` gives, from memory. */
  counts(
    filters: Partial<SearchFilters>,
    cap: number,
  ): Promise<{ total: number; byType: Map<string, number>; capped: boolean; typesCapped: boolean }>;
  /** Stops hearing announcements, once a read under way has ended. */
  close(): Promise<void>;
};

/** A page's listing: its card, and the keys a cursor after it resumes from. */
export type PageRow = ListingCardRow & ListingSortKeys;

/** A listing's id, or '*' for "read them all again". */
export type ListingChangeListener = (idOrAll: string) => void;

/**
 * Starts hearing `listen`'s announcements and reading every public listing's facts (in the
 * background: a search waits for it). `listen` gives back how to stop hearing them.
 */
export async function openListingSearchMemory(
  db: Database,
  listen: (listener: ListingChangeListener) => Promise<() => Promise<void>>,
): Promise<ListingSearchMemory> {
  let table = new ListingFactsTable();
  let cards = new Map<string, SearchedListingRow>();
  let readAll = true;
  const changed = new Set<string>();
  let reading: Promise<void> | null = null;
  const unlisten = await listen((idOrAll) => {
    if (idOrAll === '*') readAll = true;
    else changed.add(idOrAll);
  });

  async function readChanges() {
    try {
      await readAnnounced();
    } catch (error) {
      // What was announced is no longer known: the next answer reads every listing again.
      readAll = true;
      throw error;
    }
  }

  async function readAnnounced() {
    if (readAll) {
      readAll = false;
      changed.clear();
      const freshTable = new ListingFactsTable();
      const freshCards = new Map<string, SearchedListingRow>();
      for (const row of await readPublicListings(db)) {
        freshTable.put(row);
        freshCards.set(row.id, row);
      }
      [table, cards] = [freshTable, freshCards];
      return;
    }
    const ids = [...changed];
    changed.clear();
    const rows = await readListings(db, ids);
    for (const row of rows) {
      table.put(row);
      cards.set(row.id, row);
    }
    const stillPublic = new Set(rows.map((row) => row.id));
    for (const id of ids) {
      if (stillPublic.has(id)) continue;
      table.remove(id);
      cards.delete(id);
    }
  }

  /** Resolves once every change announced before the call is in the table. */
  async function current(): Promise<ListingFactsTable> {
    while (readAll || changed.size > 0 || reading) {
      reading ??= readChanges().finally(() => {
        reading = null;
      });
      await reading;
    }
    return table;
  }

  // A failed read is tried again by the first search (`readChanges`).
  current().catch(() => undefined);

  return {
    async close() {
      await unlisten();
      await reading?.catch(() => undefined);
    },
    async page(filters, sort, after, limit) {
      const t = await current();
      const query = factQueryOf(t, filters, searchValuesOf(filters));
      const ids = searchFacts(t, query, factOrderOf(t, sort), after && cursorKeyOf(after), limit);
      return ids.map((id) => pageRowOf(cards.get(id) as SearchedListingRow, sort));
    },
    async counts(filters, cap) {
      const t = await current();
      const values = searchValuesOf(filters);
      const chosen = factQueryOf(t, filters, values);
      const counted = countFacts(
        t,
        factQueryOf(t, filters, values, { withoutTypes: true }),
        chosen.typeBits,
      );
      let all = 0;
      for (const count of counted.byType.values()) all += count;
      all += counted.unstated;
      // Bounded as PostgreSQL's counts are: a total past the cap is "cap+", and so is a type's.
      const byType = new Map(
        [...counted.byType].map(([type, count]) => [type, Math.min(count, cap)]),
      );
      return {
        total: Math.min(counted.total, cap),
        byType,
        capped: counted.total >= cap,
        typesCapped: all >= cap,
      };
    },
  };
}

/** The row a page shows, with the key a sort on a fact resumes from (listing-cursor.ts). */
function pageRowOf(row: SearchedListingRow, sort: ListingSearchSort): PageRow {
  if (sort === 'price_per_sqft') return { ...row, factKey: row.pricePerSqftKey };
  if (sort === 'size') return { ...row, factKey: row.sizeKey };
  return row;
}
