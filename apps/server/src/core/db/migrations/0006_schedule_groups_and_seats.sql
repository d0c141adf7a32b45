CREATE TABLE "group_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"tester_day" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "group_sessions_day" CHECK ("group_sessions"."tester_day" >= 1),
	CONSTRAINT "group_sessions_ends_after_start" CHECK ("group_sessions"."ends_at" > "group_sessions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "session_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"study_no" integer NOT NULL,
	"site_id" text,
	"kind" text NOT NULL,
	"video_link" text,
	"pick_up_at" timestamp with time zone,
	"color" text NOT NULL,
	"cell" text NOT NULL,
	"co_op_cost_cents" integer NOT NULL,
	"seats" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"is_external" boolean DEFAULT false NOT NULL,
	CONSTRAINT "session_groups_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "session_groups_kind" CHECK ("session_groups"."kind" in ('inPerson', 'virtual', 'pickUp')),
	CONSTRAINT "session_groups_status" CHECK ("session_groups"."status" in ('Open', 'Closed')),
	CONSTRAINT "session_groups_seats" CHECK ("session_groups"."taken" >= 0 and "session_groups"."taken" <= "session_groups"."seats"),
	CONSTRAINT "session_groups_cost" CHECK ("session_groups"."co_op_cost_cents" >= 0),
	CONSTRAINT "session_groups_in_person_site" CHECK ("session_groups"."kind" = 'virtual' or "session_groups"."site_id" is not null),
	CONSTRAINT "session_groups_video_link" CHECK ("session_groups"."kind" = 'inPerson' or "session_groups"."video_link" is not null),
	CONSTRAINT "session_groups_pick_up" CHECK (("session_groups"."kind" = 'pickUp') = ("session_groups"."pick_up_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_group_id_session_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."session_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_groups" ADD CONSTRAINT "session_groups_study_no_studies_study_no_fk" FOREIGN KEY ("study_no") REFERENCES "public"."studies"("study_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_groups" ADD CONSTRAINT "session_groups_site_id_test_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."test_sites"("site_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "group_sessions_group_day" ON "group_sessions" USING btree ("group_id","tester_day");--> statement-breakpoint
CREATE INDEX "group_sessions_starts" ON "group_sessions" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "session_groups_study" ON "session_groups" USING btree ("study_no");--> statement-breakpoint
-- Hand-written: a booking made before groups existed (test support only) gets a closed one-seat group of its own.
DO $$
DECLARE
	b record;
	g integer;
BEGIN
	FOR b IN
		SELECT bk.id, bk.study_no, bk.starts_at, bk.ends_at, bk.status, s.color_name,
			(SELECT ts.site_id FROM test_sites ts WHERE ts.site_id = s.site_id) AS site_id
		FROM bookings bk JOIN studies s ON s.study_no = bk.study_no
		WHERE bk.group_id IS NULL
	LOOP
		INSERT INTO session_groups (study_no, site_id, kind, video_link, color, cell, co_op_cost_cents, seats, taken, status)
		VALUES (b.study_no, b.site_id, CASE WHEN b.site_id IS NULL THEN 'virtual' ELSE 'inPerson' END,
			CASE WHEN b.site_id IS NULL THEN '' END, b.color_name, 'A', 0, 1,
			CASE WHEN b.status = 'booked' THEN 1 ELSE 0 END, 'Closed')
		RETURNING id INTO g;
		INSERT INTO group_sessions (group_id, tester_day, starts_at, ends_at) VALUES (g, 1, b.starts_at, b.ends_at);
		UPDATE bookings SET group_id = g WHERE id = b.id;
	END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "group_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_group_id_session_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."session_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_group" ON "bookings" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_live_per_person_study" ON "bookings" USING btree ("tester_id","study_no",coalesce("child_id", 0)) WHERE "bookings"."status" = 'booked';