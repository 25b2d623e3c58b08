DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "offers_buyer_idx";--> statement-breakpoint
DROP INDEX "offers_property_idx";--> statement-breakpoint
DROP INDEX "properties_agent_idx";--> statement-breakpoint
DROP INDEX "properties_status_idx";--> statement-breakpoint
DROP INDEX "properties_public_newest_idx";--> statement-breakpoint
DROP INDEX "reviews_property_idx";--> statement-breakpoint
DROP INDEX "reviews_created_idx";--> statement-breakpoint
DROP INDEX "users_created_at_id_idx";--> statement-breakpoint
DROP INDEX "wishlist_items_user_idx";--> statement-breakpoint
CREATE INDEX "properties_public_price_ratio_idx" ON "properties" USING btree (("price_max"::float8 / "price_min")) WHERE status = 'verified' and sold_at is null and delisted_at is null;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offers_buyer_idx" ON "offers" USING btree ("buyer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offers_property_idx" ON "offers" USING btree ("property_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "properties_agent_idx" ON "properties" USING btree ("agent_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "properties_status_idx" ON "properties" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "properties_public_newest_idx" ON "properties" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'verified' and sold_at is null and delisted_at is null;--> statement-breakpoint
CREATE INDEX "reviews_property_idx" ON "reviews" USING btree ("property_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "wishlist_items_user_idx" ON "wishlist_items" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);