CREATE TABLE "study_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_no" integer NOT NULL,
	"tester_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "study_invitations" ADD CONSTRAINT "study_invitations_study_no_studies_study_no_fk" FOREIGN KEY ("study_no") REFERENCES "public"."studies"("study_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_invitations" ADD CONSTRAINT "study_invitations_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "study_invitations_study_tester" ON "study_invitations" USING btree ("study_no","tester_id");--> statement-breakpoint
CREATE INDEX "study_invitations_tester" ON "study_invitations" USING btree ("tester_id");