CREATE TABLE "daily_reward_days" (
	"day" integer PRIMARY KEY NOT NULL,
	"coins" integer NOT NULL,
	"experience" integer NOT NULL,
	CONSTRAINT "daily_reward_days_in_cycle" CHECK ("daily_reward_days"."day" between 1 and 28),
	CONSTRAINT "daily_reward_days_pay" CHECK ("daily_reward_days"."coins" >= 0 and "daily_reward_days"."experience" >= 0)
);
--> statement-breakpoint
CREATE TABLE "daily_visits" (
	"tester_id" uuid PRIMARY KEY NOT NULL,
	"last_visit_day" date NOT NULL,
	"visit_month" date NOT NULL,
	"visit_days_in_month" integer NOT NULL,
	"last_claim_day" date,
	"cycle_day" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_visits_cycle_day" CHECK ("daily_visits"."cycle_day" between 0 and 28)
);
--> statement-breakpoint
ALTER TABLE "daily_visits" ADD CONSTRAINT "daily_visits_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;