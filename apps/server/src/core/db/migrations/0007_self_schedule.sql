ALTER TABLE "studies" ADD COLUMN "schedule_coins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "schedule_exp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "study_waiting_list" ADD COLUMN "child_id" integer;--> statement-breakpoint
ALTER TABLE "study_waiting_list" ADD COLUMN "reason" text DEFAULT 'screener' NOT NULL;--> statement-breakpoint
ALTER TABLE "study_waiting_list" ADD COLUMN "group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "study_waiting_list_tester" ON "study_waiting_list" USING btree ("tester_id");--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_schedule_credit_not_negative" CHECK ("studies"."schedule_coins" >= 0 and "studies"."schedule_exp" >= 0);--> statement-breakpoint
ALTER TABLE "study_waiting_list" ADD CONSTRAINT "study_waiting_list_reason" CHECK ("study_waiting_list"."reason" in ('screener', 'notify', 'notInterested'));