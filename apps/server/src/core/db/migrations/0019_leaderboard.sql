CREATE TABLE "leaderboard_months" (
	"tester_id" uuid NOT NULL,
	"month" date NOT NULL,
	"spent_coins" integer DEFAULT 0 NOT NULL,
	"referrals" integer DEFAULT 0 NOT NULL,
	"screeners" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "leaderboard_months_tester_id_month_pk" PRIMARY KEY("tester_id","month"),
	CONSTRAINT "leaderboard_months_not_negative" CHECK ("leaderboard_months"."spent_coins" >= 0 and "leaderboard_months"."referrals" >= 0 and "leaderboard_months"."screeners" >= 0)
);
--> statement-breakpoint
ALTER TABLE "leaderboard_months" ADD CONSTRAINT "leaderboard_months_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_months_spent" ON "leaderboard_months" USING btree ("month","spent_coins" DESC NULLS LAST,"tester_id");--> statement-breakpoint
CREATE INDEX "leaderboard_months_referrals" ON "leaderboard_months" USING btree ("month","referrals" DESC NULLS LAST,"tester_id");--> statement-breakpoint
CREATE INDEX "leaderboard_months_screeners" ON "leaderboard_months" USING btree ("month","screeners" DESC NULLS LAST,"tester_id");