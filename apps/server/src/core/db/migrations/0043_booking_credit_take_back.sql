ALTER TABLE "coin_ledger" DROP CONSTRAINT "coin_ledger_changes_something";--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD COLUMN "shortfall_coins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD COLUMN "shortfall_experience" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "credit_coins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "credit_exp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_shortfall_not_negative" CHECK ("coin_ledger"."shortfall_coins" >= 0 and "coin_ledger"."shortfall_experience" >= 0);--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_changes_something" CHECK ("coin_ledger"."amount" <> 0 or "coin_ledger"."experience" <> 0 or "coin_ledger"."shortfall_coins" <> 0 or "coin_ledger"."shortfall_experience" <> 0);--> statement-breakpoint
-- Hand-written backfill (decision 080): a live booking made before this migration paid its study's
-- credit under the person's study reference (decision 024: once per person and study, and a study
-- booked once is not booked again), so its cancellation takes that back too.
UPDATE "bookings" SET "credit_coins" = "coin_ledger"."amount", "credit_exp" = "coin_ledger"."experience"
FROM "coin_ledger"
WHERE "bookings"."status" = 'booked'
  AND "coin_ledger"."tester_id" = "bookings"."tester_id"
  AND "coin_ledger"."reason" = 'selfSchedule'
  AND "coin_ledger"."reference" = CASE
    WHEN "bookings"."child_id" IS NULL THEN "bookings"."study_no"::text
    ELSE "bookings"."study_no"::text || ':child:' || (SELECT "public_id"::text FROM "children" WHERE "children"."id" = "bookings"."child_id")
  END;
