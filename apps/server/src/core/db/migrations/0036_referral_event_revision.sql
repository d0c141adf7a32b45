ALTER TABLE "referral_events" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "referral_events_by_month" ON "referral_events" USING btree ("month");