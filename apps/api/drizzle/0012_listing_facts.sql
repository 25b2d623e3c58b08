CREATE TYPE "public"."listing_completion" AS ENUM('ready', 'under_construction');--> statement-breakpoint
CREATE TYPE "public"."listing_facing" AS ENUM('north', 'north_east', 'east', 'south_east', 'south', 'south_west', 'west', 'north_west');--> statement-breakpoint
CREATE TYPE "public"."listing_furnishing" AS ENUM('unfurnished', 'semi_furnished', 'furnished');--> statement-breakpoint
CREATE TYPE "public"."listing_type" AS ENUM('apartment', 'house', 'duplex', 'plot', 'commercial', 'office', 'shop');--> statement-breakpoint
CREATE TYPE "public"."listing_size_unit" AS ENUM('sqft', 'katha', 'decimal', 'bigha');--> statement-breakpoint
CREATE TABLE "listing_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"photo_key" text NOT NULL,
	"photo_width" integer NOT NULL,
	"photo_height" integer NOT NULL,
	"caption" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_photos_position" CHECK ("listing_photos"."position" between 0 and 11)
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "photo_count" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "type" "listing_type";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "bedrooms" smallint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "bathrooms" smallint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "size_value" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "size_unit" "listing_size_unit";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "size_sqft" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "floor" smallint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "total_floors" smallint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "facing" "listing_facing";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "completion" "listing_completion";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "handover_month" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "furnishing" "listing_furnishing";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "amenities" text[];--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "division" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "area" text;--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_photos_listing_position_key" ON "listing_photos" USING btree ("listing_id","position");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_rooms" CHECK ("listings"."bedrooms" between 0 and 20 and "listings"."bathrooms" between 0 and 20);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_floors" CHECK ("listings"."floor" <= "listings"."total_floors");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_size_positive" CHECK ("listings"."size_sqft" > 0 and "listings"."size_value" > 0);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_photo_count" CHECK ("listings"."photo_count" between 1 and 12);--> statement-breakpoint
-- Every listing so far has one photo: it becomes the first (the cover) of its gallery.
INSERT INTO "listing_photos" ("listing_id", "position", "photo_key", "photo_width", "photo_height", "created_at")
SELECT "id", 0, "photo_key", "photo_width", "photo_height", "created_at" FROM "listings";
