CREATE TABLE "contact_settings" (
	"tester_id" uuid NOT NULL,
	"contact_type" text NOT NULL,
	"is_turn_on" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contact_settings_tester_id_contact_type_pk" PRIMARY KEY("tester_id","contact_type"),
	CONSTRAINT "contact_settings_type" CHECK ("contact_settings"."contact_type" in ('Phone', 'NoText', 'Email'))
);
--> statement-breakpoint
ALTER TABLE "testers" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_settings" ADD CONSTRAINT "contact_settings_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;