CREATE TABLE "screener_list_removals" (
	"tester_id" uuid NOT NULL,
	"study_no" integer NOT NULL,
	"removed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "screener_list_removals_tester_id_study_no_pk" PRIMARY KEY("tester_id","study_no")
);
--> statement-breakpoint
ALTER TABLE "screenings" DROP CONSTRAINT "screenings_once_per_tester_study";--> statement-breakpoint
ALTER TABLE "study_waiting_list" DROP CONSTRAINT "study_waiting_list_study_no_tester_id_pk";--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "child_minimum_age" integer;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "child_maximum_age" integer;--> statement-breakpoint
ALTER TABLE "screenings" ADD COLUMN "child_id" integer;--> statement-breakpoint
ALTER TABLE "study_waiting_list" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "screener_list_removals" ADD CONSTRAINT "screener_list_removals_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screener_list_removals" ADD CONSTRAINT "screener_list_removals_study_no_studies_study_no_fk" FOREIGN KEY ("study_no") REFERENCES "public"."studies"("study_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_waiting_list" ADD CONSTRAINT "study_waiting_list_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_once_per_person_study" UNIQUE NULLS NOT DISTINCT("tester_id","study_no","child_id");--> statement-breakpoint
ALTER TABLE "study_waiting_list" ADD CONSTRAINT "study_waiting_list_once_per_person" UNIQUE NULLS NOT DISTINCT("study_no","tester_id","child_id");--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_child_age_range" CHECK ("studies"."child_maximum_age" is null or "studies"."child_maximum_age" >= coalesce("studies"."child_minimum_age", 0));