CREATE TYPE "public"."payment_provider" AS ENUM('sandbox', 'stripe');--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"reference" text NOT NULL,
	"event_id" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_card_last4_digits" CHECK ("payments"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"reference" text NOT NULL,
	"client_secret" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_intents_amount_positive" CHECK ("payment_intents"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_offer_key" ON "payments" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_key" ON "payments" USING btree ("provider","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_event_key" ON "payments" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_offer_key" ON "payment_intents" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_provider_reference_key" ON "payment_intents" USING btree ("provider","reference");