ALTER TYPE "public"."payment_provider" ADD VALUE 'sslcommerz';--> statement-breakpoint
ALTER TYPE "public"."payment_provider" ADD VALUE 'bkash';--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "held_event_id" text;