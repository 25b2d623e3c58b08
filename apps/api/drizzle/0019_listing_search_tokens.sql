-- The search tokens of a listing (ADR 33): one per place, completion, amenity and "at least
-- n" bedrooms and bathrooms (n up to 6), and each of them again prefixed with the type
-- (`apartment/amenity:lift`). A search's own tokens (listing-search-tokens.ts) are contained
-- in those of every listing it matches, so the GIN index below finds the few matches of a
-- narrow search by intersecting short lists instead of reading a whole place in a sort order.
-- Declared immutable for the index: it reads only its arguments (the enum labels are fixed).
CREATE FUNCTION listing_search_tokens(listing_type, text, text, text, listing_completion, smallint, smallint, text[])
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN $1 IS NULL THEN facts
    ELSE facts || ('type:' || $1::text) || ARRAY(SELECT $1::text || '/' || fact FROM unnest(facts) AS fact)
  END
  FROM (SELECT array_remove(ARRAY['division:' || $2, 'district:' || $3, 'area:' || $4, 'completion:' || $5::text], NULL)
    || ARRAY(SELECT 'amenity:' || amenity FROM unnest($8) AS amenity)
    || ARRAY(SELECT 'bedrooms>=' || n FROM generate_series(0, least($6, 6)) AS n WHERE $6 IS NOT NULL)
    || ARRAY(SELECT 'bathrooms>=' || n FROM generate_series(0, least($7, 6)) AS n WHERE $7 IS NOT NULL) AS facts) AS listing
$$;--> statement-breakpoint
CREATE INDEX "listings_public_search_tokens_idx" ON "listings" USING gin (listing_search_tokens("type", "division", "district", "area", "completion", "bedrooms", "bathrooms", "amenities")) WHERE status = 'verified' and sold_at is null and delisted_at is null;