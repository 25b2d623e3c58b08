CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" bigserial NOT NULL,
	"recipient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"listing_id" uuid,
	"offer_id" uuid,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_sequence_key" ON "notifications" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_recipient_sequence_idx" ON "notifications" USING btree ("recipient_id","sequence");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id") WHERE read_at is null;--> statement-breakpoint
-- Every new notification is announced on basha_live_events as "<recipient id>:<sequence>",
-- delivered when its transaction commits (and never if it rolls back). Each API process
-- listens and wakes the recipient's open event streams, which read what they have not sent.
--
-- The sequence is the streams' event id, so it must grow in commit order: a stream that has
-- sent n never looks below n again. A sequence taken at insert would not (a transaction that
-- took 5 may commit after one that took 6). So the trigger is deferred to the commit, takes
-- the sequence there under one transaction-level advisory lock, and the lock is released
-- only once the transaction is visible: the next committing notifier waits for it, and takes
-- a larger sequence. Only the last moments of notifying transactions run one at a time.
CREATE FUNCTION basha_announce_notification() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  committed_sequence bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(20260026);
  UPDATE notifications
     SET sequence = nextval(pg_get_serial_sequence('notifications', 'sequence'))
   WHERE id = NEW.id
  RETURNING sequence INTO committed_sequence;
  PERFORM pg_notify('basha_live_events', NEW.recipient_id::text || ':' || committed_sequence::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER notifications_announce AFTER INSERT ON notifications DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION basha_announce_notification();
