-- One name (issue 18): the table of listings and every column, index and constraint that
-- pointed at it say "listing", as the API and the web app do. Renames only: no row is
-- copied, rewritten or lost, and PostgreSQL keeps every reference (foreign keys, triggers,
-- indexes) attached to the renamed objects.
ALTER TABLE "properties" RENAME TO "listings";--> statement-breakpoint
ALTER TABLE "listings" RENAME CONSTRAINT "properties_pkey" TO "listings_pkey";--> statement-breakpoint
ALTER TABLE "listings" RENAME CONSTRAINT "properties_agent_id_users_id_fk" TO "listings_agent_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "listings" RENAME CONSTRAINT "properties_price_positive" TO "listings_price_positive";--> statement-breakpoint
ALTER TABLE "listings" RENAME CONSTRAINT "properties_price_range" TO "listings_price_range";--> statement-breakpoint
ALTER INDEX "properties_agent_idx" RENAME TO "listings_agent_idx";--> statement-breakpoint
ALTER INDEX "properties_status_idx" RENAME TO "listings_status_idx";--> statement-breakpoint
ALTER INDEX "properties_public_newest_idx" RENAME TO "listings_public_newest_idx";--> statement-breakpoint
ALTER INDEX "properties_public_price_idx" RENAME TO "listings_public_price_idx";--> statement-breakpoint
ALTER INDEX "properties_public_price_ratio_idx" RENAME TO "listings_public_price_ratio_idx";--> statement-breakpoint
ALTER INDEX "properties_location_trgm_idx" RENAME TO "listings_location_trgm_idx";--> statement-breakpoint
-- The change announcements (0006) send TG_TABLE_NAME, so they already say "listings"
-- (src/cache/data-versions.ts listens for that name); only the trigger's own name is renamed.
ALTER TRIGGER "properties_announce_change" ON "listings" RENAME TO "listings_announce_change";--> statement-breakpoint
ALTER TABLE "wishlist_items" RENAME COLUMN "property_id" TO "listing_id";--> statement-breakpoint
ALTER TABLE "wishlist_items" RENAME CONSTRAINT "wishlist_items_property_id_properties_id_fk" TO "wishlist_items_listing_id_listings_id_fk";--> statement-breakpoint
ALTER INDEX "wishlist_items_user_property_key" RENAME TO "wishlist_items_user_listing_key";--> statement-breakpoint
ALTER TABLE "offers" RENAME COLUMN "property_id" TO "listing_id";--> statement-breakpoint
ALTER TABLE "offers" RENAME CONSTRAINT "offers_property_id_properties_id_fk" TO "offers_listing_id_listings_id_fk";--> statement-breakpoint
ALTER INDEX "offers_one_winner_per_property_key" RENAME TO "offers_one_winner_per_listing_key";--> statement-breakpoint
ALTER INDEX "offers_property_idx" RENAME TO "offers_listing_idx";--> statement-breakpoint
ALTER TABLE "reviews" RENAME COLUMN "property_id" TO "listing_id";--> statement-breakpoint
ALTER TABLE "reviews" RENAME CONSTRAINT "reviews_property_id_properties_id_fk" TO "reviews_listing_id_listings_id_fk";--> statement-breakpoint
ALTER INDEX "reviews_property_idx" RENAME TO "reviews_listing_idx";
--> statement-breakpoint
-- Where PostgreSQL names NOT NULL constraints (PGlite does; PostgreSQL 15 does not), they
-- were named after the old table and columns too.
DO $$
DECLARE
  constraint_row record;
BEGIN
  FOR constraint_row IN
    SELECT conrelid::regclass AS table_name, conname FROM pg_constraint
    WHERE connamespace = 'public'::regnamespace AND conname LIKE '%propert%'
  LOOP
    EXECUTE format('ALTER TABLE %s RENAME CONSTRAINT %I TO %I', constraint_row.table_name,
      constraint_row.conname,
      replace(replace(constraint_row.conname, 'properties', 'listings'), 'property', 'listing'));
  END LOOP;
END
$$;
