ALTER TABLE "referral_events" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "drawing_day" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "drawing_week_kept" date;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "drawing_day_from" date;--> statement-breakpoint
CREATE INDEX "referral_events_by_month" ON "referral_events" USING btree ("month");--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_drawing_day" CHECK ("event_settings"."drawing_day" between 1 and 7);