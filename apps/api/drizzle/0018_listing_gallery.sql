CREATE TABLE "listing_photo_uploads" (
	"photo_key" text PRIMARY KEY NOT NULL,
	"agent_id" uuid NOT NULL,
	"photo_width" integer NOT NULL,
	"photo_height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_photo_uploads" ADD CONSTRAINT "listing_photo_uploads_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_photo_uploads_created_idx" ON "listing_photo_uploads" USING btree ("created_at");--> statement-breakpoint
-- Details pages are cached until a table they read changes (ADR 6); they read the gallery.
CREATE TRIGGER listing_photos_announce_change AFTER INSERT OR UPDATE OR DELETE ON listing_photos FOR EACH STATEMENT EXECUTE FUNCTION basha_announce_change();
