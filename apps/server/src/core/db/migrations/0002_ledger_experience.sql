-- Rows from before: a missing reference becomes the tester's id; a row that changed nothing goes.
UPDATE "coin_ledger" SET "reference" = "tester_id"::text WHERE "reference" IS NULL;--> statement-breakpoint
DELETE FROM "coin_ledger" WHERE "amount" = 0;--> statement-breakpoint
ALTER TABLE "coin_ledger" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD COLUMN "experience" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_changes_something" CHECK ("coin_ledger"."amount" <> 0 or "coin_ledger"."experience" <> 0);--> statement-breakpoint
ALTER TABLE "testers" ADD CONSTRAINT "testers_exp_not_negative" CHECK ("testers"."exp" >= 0);