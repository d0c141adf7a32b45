CREATE TABLE "staff_messages_sent" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"staff_id" uuid NOT NULL,
	"study_no" integer NOT NULL,
	"group_id" integer,
	"recipients" text NOT NULL,
	"template" text NOT NULL,
	"subject" text NOT NULL,
	"queued" integer NOT NULL,
	"skipped" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_messages_sent_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "staff_messages_sent_recipients" CHECK ("staff_messages_sent"."recipients" in ('booked', 'waitlisted', 'booked-and-waitlisted'))
);
--> statement-breakpoint
ALTER TABLE "staff_messages_sent" ADD CONSTRAINT "staff_messages_sent_study_no_studies_study_no_fk" FOREIGN KEY ("study_no") REFERENCES "public"."studies"("study_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_messages_sent" ADD CONSTRAINT "staff_messages_sent_group_id_session_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."session_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_messages_sent_study" ON "staff_messages_sent" USING btree ("study_no","sent_at");