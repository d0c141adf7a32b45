ALTER TABLE "child_confirmation_attempts" DROP CONSTRAINT "child_confirmation_attempts_outcome";--> statement-breakpoint
ALTER TABLE "child_confirmation_attempts" ADD COLUMN "staff_member_id" uuid;--> statement-breakpoint
ALTER TABLE "child_confirmation_attempts" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "reward_items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "child_confirmation_attempts" ADD CONSTRAINT "child_confirmation_attempts_staff_member_id_staff_members_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_status_created" ON "referrals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "referrals_created" ON "referrals" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "child_confirmation_attempts" DROP COLUMN "staff_id";--> statement-breakpoint
ALTER TABLE "child_confirmation_attempts" ADD CONSTRAINT "child_confirmation_attempts_outcome" CHECK ("child_confirmation_attempts"."outcome" in ('confirmed', 'noAnswer', 'leftMessage', 'wrongNumber', 'declined'));