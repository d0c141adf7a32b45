CREATE TABLE "contact_settings" (
	"tester_id" uuid NOT NULL,
	"contact_type" text NOT NULL,
	"is_turn_on" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contact_settings_tester_id_contact_type_pk" PRIMARY KEY("tester_id","contact_type"),
	CONSTRAINT "contact_settings_type" CHECK ("contact_settings"."contact_type" in ('Phone', 'NoText', 'Email'))
);
--> statement-breakpoint
CREATE TABLE "callouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"r_key" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"pk_coins" integer DEFAULT 0 NOT NULL,
	"screener" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"start_time_stamp" timestamp with time zone NOT NULL,
	"end_time_stamp" timestamp with time zone NOT NULL,
	CONSTRAINT "callouts_r_key_unique" UNIQUE("r_key"),
	CONSTRAINT "callouts_end_after_start" CHECK ("callouts"."end_time_stamp" > "callouts"."start_time_stamp"),
	CONSTRAINT "callouts_pk_coins_not_negative" CHECK ("callouts"."pk_coins" >= 0)
);
--> statement-breakpoint
ALTER TABLE "testers" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_settings" ADD CONSTRAINT "contact_settings_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callouts_window" ON "callouts" USING btree ("start_time_stamp","end_time_stamp");