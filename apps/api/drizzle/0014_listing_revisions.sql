CREATE TYPE "public"."listing_revision_status" AS ENUM('pending', 'approved', 'rejected', 'superseded');--> statement-breakpoint
CREATE TABLE "listing_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"agent_id" uuid,
	"edit" jsonb NOT NULL,
	"status" "listing_revision_status" DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Offers keep the listing's price range they were made against. Existing offers take their
-- listing's current price (the best record there is); added nullable, filled, then required,
-- so no offer row is lost.
ALTER TABLE "offers" ADD COLUMN "listing_price_min" bigint;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "listing_price_max" bigint;--> statement-breakpoint
UPDATE "offers" SET "listing_price_min" = "listings"."price_min", "listing_price_max" = "listings"."price_max" FROM "listings" WHERE "listings"."id" = "offers"."listing_id";--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "listing_price_min" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "listing_price_max" SET NOT NULL;--> statement-breakpoint
-- A new offer left without them takes its listing's price at that moment, whoever writes it
-- (the API share-locks the listing while it makes an offer, so the price cannot move meanwhile).
CREATE FUNCTION offers_keep_listing_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.listing_price_min IS NULL OR NEW.listing_price_max IS NULL THEN
    SELECT price_min, price_max INTO NEW.listing_price_min, NEW.listing_price_max
    FROM listings WHERE id = NEW.listing_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER offers_keep_listing_price BEFORE INSERT ON offers FOR EACH ROW EXECUTE FUNCTION offers_keep_listing_price();--> statement-breakpoint
ALTER TABLE "listing_revisions" ADD CONSTRAINT "listing_revisions_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_revisions" ADD CONSTRAINT "listing_revisions_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_revisions" ADD CONSTRAINT "listing_revisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_revisions_one_pending_key" ON "listing_revisions" USING btree ("listing_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "listing_revisions_listing_idx" ON "listing_revisions" USING btree ("listing_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listing_revisions_pending_idx" ON "listing_revisions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'pending';--> statement-breakpoint
-- The owner's details page says "changes awaiting review": cached answers that read
-- revisions are dropped when one changes (ADR 6).
CREATE TRIGGER listing_revisions_announce_change AFTER INSERT OR UPDATE OR DELETE ON listing_revisions FOR EACH STATEMENT EXECUTE FUNCTION basha_announce_change();