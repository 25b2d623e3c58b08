ALTER TABLE "offers" ADD COLUMN "lost_to_another_offer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Offers rejected before this column by another offer's acceptance or sale: the accept (or
-- the payment) and the rejections were one transaction, so they share its time. The winner's
-- status is compared as text: 'expired' and 'refunded' may be added in this same run of
-- migrations, and a new enum value cannot be read as one before it is committed.
UPDATE "offers" AS "lost" SET "lost_to_another_offer" = true
WHERE "lost"."status" = 'rejected' AND EXISTS (
  SELECT 1 FROM "offers" AS "winner"
  WHERE "winner"."listing_id" = "lost"."listing_id" AND "winner"."id" <> "lost"."id"
    AND "winner"."status"::text IN ('accepted', 'paid', 'refunded')
    AND ("winner"."decided_at" = "lost"."decided_at" OR "winner"."paid_at" = "lost"."decided_at")
);
