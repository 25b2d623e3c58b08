import {
  type ListingSearchQuery,
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  type SavedSearchChange,
  type SavedSearchFrequency,
  type SavedSearchList,
  savedSearchMessages,
} from '@basha/domain';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import * as repo from './saved-searches.repository.ts';

/** The caller's own saved searches, newest first; nobody reads anyone else's. */
export async function listMySavedSearches(db: Database, actor: Actor): Promise<SavedSearchList> {
  const rows = await repo.listOwn(db, actor.id);
  return { items: rows.map(repo.toSavedSearch) };
}

/** Keeps a search (already read by the search schema), up to SAVED_SEARCHES_MAX per account. */
export async function saveSearch(
  db: Database,
  actor: Actor,
  entry: { name: string; frequency: SavedSearchFrequency; search: ListingSearchQuery },
): Promise<SavedSearch> {
  if ((await repo.countOwn(db, actor.id)) >= SAVED_SEARCHES_MAX) {
    throw new AppError('CONFLICT', savedSearchMessages.tooMany, {
      params: { max: SAVED_SEARCHES_MAX },
    });
  }
  // The page is no part of a search.
  const { cursor: _cursor, limit: _limit, ...search } = entry.search;
  // The same search twice would announce each new listing twice.
  const same = await repo.findOwnBySearch(db, actor.id, search);
  if (same) {
    throw new AppError('CONFLICT', savedSearchMessages.duplicate, { params: { name: same.name } });
  }
  return repo.toSavedSearch(
    await repo.insert(db, actor.id, { name: entry.name, search, frequency: entry.frequency }),
  );
}

/** Renames a search or changes its frequency; another account's id is refused like an unknown one. */
export async function changeSavedSearch(
  db: Database,
  actor: Actor,
  id: string,
  change: SavedSearchChange,
): Promise<SavedSearch> {
  const row = await repo.update(db, actor.id, id, change);
  if (!row) throw new AppError('NOT_FOUND', savedSearchMessages.notFound);
  return repo.toSavedSearch(row);
}

export async function deleteSavedSearch(db: Database, actor: Actor, id: string): Promise<void> {
  if (!(await repo.remove(db, actor.id, id))) {
    throw new AppError('NOT_FOUND', savedSearchMessages.notFound);
  }
}
