CREATE TABLE "tester_suspensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tester_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"no_shows" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	"lift_reason" text,
	CONSTRAINT "tester_suspensions_ends_after_start" CHECK ("tester_suspensions"."ends_at" > "tester_suspensions"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "testers" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tester_suspensions" ADD CONSTRAINT "tester_suspensions_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tester_suspensions_tester" ON "tester_suspensions" USING btree ("tester_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_live_ends" ON "bookings" USING btree ("ends_at") WHERE "bookings"."status" = 'booked';