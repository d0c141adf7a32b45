CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" date NOT NULL,
	"referral_comment" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_sites" (
	"site_id" text PRIMARY KEY NOT NULL,
	"map_code" text NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"fax" text NOT NULL,
	"toll_free" text NOT NULL,
	"time_zone" text NOT NULL,
	"airport_directions" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "test_sites_map_code_unique" UNIQUE("map_code")
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"quote" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "theme_styles" (
	"name" text PRIMARY KEY NOT NULL,
	"colors" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "winners" (
	"id" serial PRIMARY KEY NOT NULL,
	"winner_type_desc" text NOT NULL,
	"period_start" date NOT NULL,
	"winner_time" text NOT NULL,
	"winner" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "winners_unique_entry" ON "winners" USING btree ("winner_type_desc","period_start","winner");