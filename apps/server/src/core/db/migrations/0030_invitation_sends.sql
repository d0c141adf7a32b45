CREATE TABLE "invitation_recipients" (
	"send_id" integer NOT NULL,
	"invitation_id" integer NOT NULL,
	"tester_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "invitation_recipients_send_id_tester_id_pk" PRIMARY KEY("send_id","tester_id"),
	CONSTRAINT "invitation_recipients_state" CHECK ("invitation_recipients"."state" in ('queued', 'sent', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "invitation_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"study_no" integer NOT NULL,
	"filters" jsonb NOT NULL,
	"matched" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitation_recipients" ADD CONSTRAINT "invitation_recipients_send_id_invitation_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."invitation_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_recipients" ADD CONSTRAINT "invitation_recipients_invitation_id_study_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."study_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_recipients" ADD CONSTRAINT "invitation_recipients_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_sends" ADD CONSTRAINT "invitation_sends_study_no_studies_study_no_fk" FOREIGN KEY ("study_no") REFERENCES "public"."studies"("study_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_recipients_queued" ON "invitation_recipients" USING btree ("send_id","tester_id") WHERE "invitation_recipients"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "invitation_recipients_sent_at" ON "invitation_recipients" USING btree ("sent_at") WHERE "invitation_recipients"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "invitation_recipients_invitation" ON "invitation_recipients" USING btree ("invitation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_sends_request" ON "invitation_sends" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "invitation_sends_created" ON "invitation_sends" USING btree ("created_at");