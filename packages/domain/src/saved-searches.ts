import { z } from 'zod/mini';
import { type ListingSearch, ListingSearchQuerySchema } from './listing-search.ts';
import { savedSearchMessages as messages } from './saved-searches-messages.ts';
import { text } from './text.ts';

export const SAVED_SEARCH_NAME_MAX = 80;
/** How many searches one account keeps: each is matched against every newly verified listing. */
export const SAVED_SEARCHES_MAX = 50;

/** How its owner hears of new matches: an email each time, or one digest a day (09:00 Dhaka). */
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily'] as const;
export const SavedSearchFrequencySchema = z.enum(SAVED_SEARCH_FREQUENCIES, {
  error: messages.frequencyInvalid,
});
export type SavedSearchFrequency = z.infer<typeof SavedSearchFrequencySchema>;

const name = text({ error: messages.nameRequired }).check(
  z.trim(),
  z.minLength(1, messages.nameRequired),
  z.maxLength(SAVED_SEARCH_NAME_MAX, messages.nameTooLong),
);

/**
 * A search to keep: its parameters as All Properties sends them (`listingSearchParams`),
 * read by the very schema the page's search is, so a saved search means what it showed.
 */
export const NewSavedSearchSchema = z.object({
  name,
  search: ListingSearchQuerySchema,
  frequency: z._default(SavedSearchFrequencySchema, 'instant'),
});
export type NewSavedSearch = z.input<typeof NewSavedSearchSchema>;

export const SavedSearchChangeSchema = z.object({
  name: z.optional(name),
  frequency: z.optional(SavedSearchFrequencySchema),
});
export type SavedSearchChange = z.infer<typeof SavedSearchChangeSchema>;

export const SavedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The search without its page or sort, as the query string of All Properties reads it. */
  search: z.record(z.string(), z.unknown()),
  frequency: SavedSearchFrequencySchema,
  createdAt: z.iso.datetime(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

export const SavedSearchListSchema = z.object({ items: z.array(SavedSearchSchema) });
export type SavedSearchList = z.infer<typeof SavedSearchListSchema>;

export const SavedSearchIdParamsSchema = z.object({ id: z.uuid(messages.unknownSavedSearch) });

/**
 * What a saved search filters by: its stored search read again by today's schema, or
 * undefined when it no longer reads (a place taken out of the catalog since).
 */
export function savedSearchFilters(stored: Record<string, unknown>): ListingSearch | undefined {
  const parsed = ListingSearchQuerySchema.safeParse(stored);
  if (!parsed.success) return undefined;
  const { cursor: _cursor, limit: _limit, ...search } = parsed.data;
  return search;
}
