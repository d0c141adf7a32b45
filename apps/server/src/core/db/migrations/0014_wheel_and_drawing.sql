CREATE TABLE "event_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"spin_cost" integer DEFAULT 50 NOT NULL,
	"spins_per_week" integer DEFAULT 3 NOT NULL,
	"gold_card_cost" integer DEFAULT 100 NOT NULL,
	"gold_card_prize" text DEFAULT '$25 e-gift card' NOT NULL,
	CONSTRAINT "event_settings_one_row" CHECK ("event_settings"."id" = 1),
	CONSTRAINT "event_settings_figures" CHECK ("event_settings"."spin_cost" > 0 and "event_settings"."spins_per_week" >= 0 and "event_settings"."gold_card_cost" > 0)
);
--> statement-breakpoint
CREATE TABLE "gold_card_drawings" (
	"week_start" date PRIMARY KEY NOT NULL,
	"winner_id" uuid,
	"entries" integer NOT NULL,
	"prize" text NOT NULL,
	"drawn_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gold_card_entries" (
	"tester_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"cost" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gold_card_entries_week_start_tester_id_pk" PRIMARY KEY("week_start","tester_id")
);
--> statement-breakpoint
CREATE TABLE "wheel_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"coins" integer NOT NULL,
	"rate" integer NOT NULL,
	CONSTRAINT "wheel_segments_values" CHECK ("wheel_segments"."coins" between 0 and 5000 and "wheel_segments"."rate" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "wheel_spins" (
	"id" serial PRIMARY KEY NOT NULL,
	"tester_id" uuid NOT NULL,
	"cost" integer NOT NULL,
	"coins" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wheel_week_spins" (
	"tester_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"spins" integer NOT NULL,
	CONSTRAINT "wheel_week_spins_tester_id_week_start_pk" PRIMARY KEY("tester_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "gold_card_drawings" ADD CONSTRAINT "gold_card_drawings_winner_id_testers_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."testers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gold_card_entries" ADD CONSTRAINT "gold_card_entries_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_spins" ADD CONSTRAINT "wheel_spins_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheel_week_spins" ADD CONSTRAINT "wheel_week_spins_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wheel_spins_by_tester" ON "wheel_spins" USING btree ("tester_id","created_at");--> statement-breakpoint
CREATE INDEX "wheel_spins_by_time" ON "wheel_spins" USING btree ("created_at");