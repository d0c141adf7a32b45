CREATE TABLE "study_return_secrets" (
	"study_no" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"set_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "study_return_secrets" ADD CONSTRAINT "study_return_secrets_study_no_studies_study_no_fk" FOREIGN KEY ("study_no") REFERENCES "public"."studies"("study_no") ON DELETE cascade ON UPDATE no action;