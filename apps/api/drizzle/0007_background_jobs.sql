-- Background jobs (ADR 20): one table every runner claims from, and offers stored as expired
-- by their expiry job. A pending offer past its deadline still reads as expired until then.
ALTER TYPE "public"."offer_status" ADD VALUE 'expired';--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE completed_at is null;--> statement-breakpoint
-- Offers made before this migration get the expiry job every new offer gets
-- (src/modules/offers/offer-expiry.job.ts: same name, key, payload and time).
INSERT INTO "jobs" ("name", "key", "payload", "run_at")
SELECT 'offer-expiry', 'offer-expiry:' || "id", jsonb_build_object('offerId', "id"),
  ("deadline" + 1)::timestamp AT TIME ZONE 'Asia/Dhaka'
FROM "offers" WHERE "status" = 'pending';
