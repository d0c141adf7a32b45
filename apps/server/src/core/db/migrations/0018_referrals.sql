CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"age" integer NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"referred_tester_id" uuid,
	"referred_month" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status_changed_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "referrals_status" CHECK ("referrals"."status" in ('New', 'Bad Number', 'Registered', 'Outreach', 'Paid', 'Closed', 'Complete'))
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_testers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_tester_id_testers_id_fk" FOREIGN KEY ("referred_tester_id") REFERENCES "public"."testers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_code" ON "referrals" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_email_lower" ON "referrals" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_phone" ON "referrals" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "referrals_referrer_month" ON "referrals" USING btree ("referrer_id","referred_month");--> statement-breakpoint
CREATE INDEX "referrals_referred_tester" ON "referrals" USING btree ("referred_tester_id");--> statement-breakpoint
CREATE INDEX "testers_phone" ON "testers" USING btree ("phone");