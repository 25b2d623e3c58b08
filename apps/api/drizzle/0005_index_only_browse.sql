-- Trailing columns that are not for ordering: a browse page filtered by location or by a
-- price window is chosen by an index-only scan, without visiting each candidate row.
DROP INDEX "properties_public_newest_idx";--> statement-breakpoint
DROP INDEX "properties_public_price_idx";--> statement-breakpoint
CREATE INDEX "properties_public_newest_idx" ON "properties" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"location") WHERE status = 'verified' and sold_at is null and delisted_at is null;--> statement-breakpoint
CREATE INDEX "properties_public_price_idx" ON "properties" USING btree ("price_min","id","price_max") WHERE status = 'verified' and sold_at is null and delisted_at is null;