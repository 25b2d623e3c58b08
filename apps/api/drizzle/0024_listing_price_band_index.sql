-- A type's public listings by price band (the power of two at or below the starting price),
-- largest first within each band (ADR 33): a size order under a price cap walks the bands up
-- to the cap's one by one, instead of passing every listing too dear for the cap.
CREATE INDEX "listings_public_type_price_band_size_idx" ON "listings" USING btree ("type",(floor(ln("price_min"::float8) / 0.6931471805599453)::integer),(coalesce("size_sqft", '-Infinity'::float8)),"id","location","division","district","area","bedrooms","bathrooms","size_sqft","price_min","price_max","completion","amenities") WHERE status = 'verified' and sold_at is null and delisted_at is null;
