CREATE TABLE "tester_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tester_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tester_notes_text_length" CHECK (char_length("tester_notes"."text") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "tester_notes" ADD CONSTRAINT "tester_notes_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tester_notes" ADD CONSTRAINT "tester_notes_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tester_notes_tester_created" ON "tester_notes" USING btree ("tester_id","created_at");