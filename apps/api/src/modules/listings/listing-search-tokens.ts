import { type SQL, sql } from 'drizzle-orm';
import { listingSearchTokens } from '../../db/schema.ts';
import type { SearchValues } from './listing-search-filters.ts';

// A search's tokens (ADR 33): the twin of the SQL function `listing_search_tokens`
// (migration 0019), which gives each public listing its tokens. Every listing a search
// matches holds all of the search's tokens, so `tokens @> search's tokens` is implied by the
// search's conditions and adds none of its own: it only lets the GIN index over the tokens
// find the matches. The function stops "at least n rooms" at 6; a search for more asks for
// 6 here and the bedrooms condition does the rest.

/** The highest "at least n rooms" token a listing carries. */
export const MAX_ROOMS_TOKEN = 6;

/** The tokens every listing matching these filters holds; empty when the filters name none. */
export function searchTokensOf(values: SearchValues): string[] {
  const facts = [
    values.division !== undefined ? `division:${values.division}` : undefined,
    values.district !== undefined ? `district:${values.district}` : undefined,
    values.area !== undefined ? `area:${values.area}` : undefined,
    values.completion !== undefined ? `completion:${values.completion}` : undefined,
    ...(values.amenities ?? []).map((amenity) => `amenity:${amenity}`),
    values.minBedrooms !== undefined
      ? `bedrooms>=${Math.min(values.minBedrooms, MAX_ROOMS_TOKEN)}`
      : undefined,
    values.minBathrooms !== undefined
      ? `bathrooms>=${Math.min(values.minBathrooms, MAX_ROOMS_TOKEN)}`
      : undefined,
  ].filter((token) => token !== undefined);
  // One chosen type prefixes every fact (the shortest lists); several types add nothing.
  const [type, ...otherTypes] = values.types ?? [];
  if (type === undefined || otherTypes.length > 0) return facts;
  return facts.length === 0 ? [`type:${type}`] : facts.map((fact) => `${type}/${fact}`);
}

/** The search's tokens as a condition the GIN index serves, or none when it has none. */
export function searchTokensCondition(values: SearchValues): SQL | undefined {
  const tokens = searchTokensOf(values);
  return tokens.length === 0
    ? undefined
    : sql`${listingSearchTokens} @> ${sql.param(tokens)}::text[]`;
}
