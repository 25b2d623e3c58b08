import { LISTING_SEARCH_SORTS, type ListingSearchSort } from '@basha/domain';
import type { Database } from '../../../db/client.ts';
import type { ListingChangeFeed, ListingChangeListener } from '../../../db/listing-change-feed.ts';
import type { ListingCardRow } from '../listing-card.ts';
import type { ListingCursor, ListingSortKeys } from '../listing-cursor.ts';
import { type SearchFilters, searchValuesOf } from '../listing-search-filters.ts';
import { FactIndex } from './fact-index.ts';
import { cursorKeyOf, factOrderOf, factQueryOf } from './fact-query.ts';
import { countFacts, searchFacts } from './fact-search.ts';
import {
  type PageCardRow,
  publicListingFactBatches,
  readListingFacts,
  readListings,
  readPageCards,
  readPublicListings,
  type SearchedListingRow,
} from './listing-facts-loader.ts';
import { type ListingFactsRow, ListingFactsTable } from './listing-facts-table.ts';

/**
 * Searches of all properties answered from the public listings' facts (and, on the embedded
 * database, their cards) in this process's memory (ADR 33), pages and counts: PGlite's one
 * connection would otherwise run every search and read every page's rows, and PostgreSQL's
 * counts read up to 10 000 index entries each, its pages up to thousands. Kept current by
 * the announcements of which listings changed, their agents' names and photos included
 * (migrations 0022 and 0023), this process's own heard before the writing query resolves:
 * every answer first reads the listings announced since the last one, so whoever wrote reads
 * their write. While memory cannot answer (its first read, a read of everything after '*',
 * the announcements' connection down) it says so with null, and the database answers.
 */
export type ListingSearchMemory = {
  /** The first `limit` public listings matching, in the sort, after the cursor. */
  page(
    filters: Partial<SearchFilters>,
    sort: ListingSearchSort,
    after: ListingCursor | null,
    limit: number,
  ): Promise<PageRow[] | null>;
  /** The counts `countPublicListings` gives. */
  counts(
    filters: Partial<SearchFilters>,
    cap: number,
  ): Promise<{
    total: number;
    byType: Map<string, number>;
    capped: boolean;
    typesCapped: boolean;
  } | null>;
  /** Resolves once the first read of every listing has ended (whether or not it failed). */
  ready(): Promise<void>;
  /** Stops hearing announcements, once a read under way has ended. */
  close(): Promise<void>;
};

/** A page's listing: its card, and the keys a cursor after it resumes from. */
export type PageRow = ListingCardRow & ListingSortKeys;

/** The facts, and the cards when memory keeps them (null: a page reads its cards by id). */
type Contents = { facts: FactIndex; cards: Map<string, SearchedListingRow> | null };

/**
 * Starts hearing `listen`'s announcements and reading every public listing, in the
 * background. `cards`: keep each listing's card too (the embedded database's memory, whose
 * one connection is better spared); without them a page reads its 21 cards by id
 * (PostgreSQL's: a card is most of the memory a listing costs, 1.8 GB at 1 M listings).
 */
export async function openListingSearchMemory(
  db: Database,
  listen: (listener: ListingChangeListener) => Promise<ListingChangeFeed>,
  { cards: keepsCards }: { cards: boolean },
): Promise<ListingSearchMemory> {
  const empty = (): Contents => ({
    facts: new FactIndex(new ListingFactsTable()),
    cards: keepsCards ? new Map() : null,
  });
  let contents = empty();
  /** Whether every announcement is arriving; until then memory cannot answer. */
  let listening = false;
  /** Whether `contents` must be read again whole before it can answer. */
  let readAll = true;
  const changed = new Set<string>();
  let readingAll: Promise<void> | null = null;
  let readingChanged: Promise<void> | null = null;

  /**
   * Reads every public listing into `fresh` (with their cards at once, else a batch at a
   * time), indexes them with those of one place side by side, and sorts them in each sort's
   * order before they answer (0.5-0.9 s a key at 1 M).
   */
  async function readEverything(fresh: Contents) {
    const table = new ListingFactsTable();
    const take = (row: ListingFactsRow) => {
      table.put(row);
      fresh.cards?.set(row.id, row as SearchedListingRow);
    };
    if (keepsCards) {
      for (const row of await readPublicListings(db)) take(row);
    } else {
      for await (const batch of publicListingFactBatches(db)) for (const row of batch) take(row);
    }
    fresh.facts = FactIndex.inPlaceOrder(table);
    for (const sort of LISTING_SEARCH_SORTS)
      fresh.facts.ordered(factOrderOf(fresh.facts.table, sort));
  }
  const readRows = (ids: string[]): Promise<ListingFactsRow[]> =>
    keepsCards ? readListings(db, ids) : readListingFacts(db, ids);

  const feed = await listen({
    changed: (idOrAll) => {
      if (idOrAll === '*') readAll = true;
      else changed.add(idOrAll);
    },
    lost: () => {
      listening = false;
      readAll = true;
    },
    resumed: () => {
      listening = true;
      readAll = true;
      startReadingAll();
    },
  });

  /** Puts a listing read from the database (with its card, when memory keeps them). */
  function put(into: Contents, row: ListingFactsRow) {
    into.facts.put(row);
    into.cards?.set(row.id, row as SearchedListingRow);
  }

  /** Reads every public listing in the background; announcements during it are read after. */
  function startReadingAll(): Promise<void> {
    if (readingAll) return readingAll;
    readAll = false;
    changed.clear();
    const fresh = empty();
    readingAll = readEverything(fresh)
      .then(() => {
        contents = fresh;
      })
      .catch(() => {
        // The next answer starts again.
        readAll = true;
      })
      .finally(() => {
        readingAll = null;
      });
    return readingAll;
  }

  async function readChanged() {
    const ids = [...changed];
    changed.clear();
    try {
      const rows = await readRows(ids);
      for (const row of rows) put(contents, row);
      const stillPublic = new Set(rows.map((row) => row.id));
      for (const id of ids) {
        if (stillPublic.has(id)) continue;
        contents.facts.remove(id);
        contents.cards?.delete(id);
      }
    } catch {
      // What was announced is no longer known: everything is read again.
      readAll = true;
    }
  }

  /** The contents with every change announced before the call in them, or null for "ask the database". */
  async function current(): Promise<Contents | null> {
    for (;;) {
      if (!listening) return null;
      if (readAll || readingAll) {
        if (readAll) startReadingAll();
        return null;
      }
      if (changed.size === 0 && !readingChanged) return contents;
      readingChanged ??= readChanged().finally(() => {
        readingChanged = null;
      });
      await readingChanged;
    }
  }

  // Listening began as `listen` resolved (its `resumed` started the read), unless the
  // connection could not be made yet: then memory answers nothing until it is.
  const firstRead = readingAll ?? Promise.resolve();

  return {
    ready: () => firstRead,
    async close() {
      await feed.close();
      await Promise.all([readingAll, readingChanged]);
    },
    async page(filters, sort, after, limit) {
      const now = await current();
      if (!now) return null;
      const { facts, cards } = now;
      const t = facts.table;
      const query = factQueryOf(t, filters, searchValuesOf(filters));
      const ids = searchFacts(
        facts,
        query,
        factOrderOf(t, sort),
        after && cursorKeyOf(after),
        limit,
      );
      const rows = cards
        ? ids.map((id) => cards.get(id) as SearchedListingRow)
        : await readPageRows(db, ids);
      return rows?.map((row) => pageRowOf(row, sort)) ?? null;
    },
    async counts(filters, cap) {
      const now = await current();
      if (!now) return null;
      const { facts } = now;
      const t = facts.table;
      const values = searchValuesOf(filters);
      const chosen = factQueryOf(t, filters, values);
      const counted = countFacts(
        facts,
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

/**
 * The cards of `ids` read by their keys, in that order; null when one has left the public
 * listings since memory chose it (a page one short would read as the last), so the database
 * answers instead.
 */
async function readPageRows(db: Database, ids: string[]): Promise<PageCardRow[] | null> {
  if (ids.length === 0) return [];
  const byId = new Map((await readPageCards(db, ids)).map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  return rows.length === ids.length ? rows : null;
}

/** The row a page shows, with the key a sort on a fact resumes from (listing-cursor.ts). */
function pageRowOf(row: PageCardRow, sort: ListingSearchSort): PageRow {
  if (sort === 'price_per_sqft') return { ...row, factKey: row.pricePerSqftKey };
  if (sort === 'size') return { ...row, factKey: row.sizeKey };
  return row;
}
