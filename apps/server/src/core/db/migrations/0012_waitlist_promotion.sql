CREATE TABLE "seat_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"study_no" integer NOT NULL,
	"tester_id" uuid NOT NULL,
	"child_id" integer,
	"status" text DEFAULT 'offered' NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "seat_offers_status" CHECK ("seat_offers"."status" in ('offered', 'accepted', 'expired', 'declined')),
	CONSTRAINT "seat_offers_expires_after_offer" CHECK ("seat_offers"."expires_at" > "seat_offers"."offered_at")
);
--> statement-breakpoint
ALTER TABLE "session_groups" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seat_offers" ADD CONSTRAINT "seat_offers_group_id_session_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."session_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_offers" ADD CONSTRAINT "seat_offers_study_no_studies_study_no_fk" FOREIGN KEY ("study_no") REFERENCES "public"."studies"("study_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_offers" ADD CONSTRAINT "seat_offers_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_offers" ADD CONSTRAINT "seat_offers_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seat_offers_once_per_group_person" ON "seat_offers" USING btree ("group_id","tester_id",coalesce("child_id", 0));--> statement-breakpoint
CREATE INDEX "seat_offers_live_expiry" ON "seat_offers" USING btree ("expires_at") WHERE "seat_offers"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "seat_offers_tester" ON "seat_offers" USING btree ("tester_id");--> statement-breakpoint
ALTER TABLE "session_groups" ADD CONSTRAINT "session_groups_held" CHECK ("session_groups"."held" >= 0 and "session_groups"."taken" + "session_groups"."held" <= "session_groups"."seats");