-- Statistics of the price-per-sq-ft key itself (ADR 33). The planner ignores the statistics of
-- a partial index's expression, so without these it took "price per sq ft at most x" to match
-- a third of the listings whatever x was, and a search whose price cap and minimum size no
-- listing meets together walked every listing of its type.
CREATE STATISTICS "listings_price_per_sqft_key_stats" ON (coalesce("price_min" / "size_sqft", 'Infinity'::float8)) FROM "listings";--> statement-breakpoint
ANALYZE "listings";
