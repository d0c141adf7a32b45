CREATE TABLE "ad_sources" (
	"ad_id" text PRIMARY KEY NOT NULL,
	"ad_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"tester_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tester_id" uuid NOT NULL,
	"e_code" text NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"tester_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_tokens_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"level" integer PRIMARY KEY NOT NULL,
	"exp_required" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "re_engagement_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"v" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"zip_code" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"sex" text NOT NULL,
	"race_id" text NOT NULL,
	"birth_date" date NOT NULL,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "re_engagement_codes_v_unique" UNIQUE("v")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"tester_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_up_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studies" (
	"study_no" integer PRIMARY KEY NOT NULL,
	"project_type" integer NOT NULL,
	"participant_type_id" integer NOT NULL,
	"minimum_age" integer DEFAULT 18 NOT NULL,
	"is_waiting_list" boolean DEFAULT false NOT NULL,
	"color_name" text NOT NULL,
	"tester_label" text NOT NULL,
	"study_basic_info" text NOT NULL,
	"coin_value" integer NOT NULL,
	"site_id" text,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"zip_code" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"sex" text NOT NULL,
	"phone" text NOT NULL,
	"race_id" text NOT NULL,
	"ad_id" text NOT NULL,
	"ad_detail" text DEFAULT '' NOT NULL,
	"birth_date" date NOT NULL,
	"referral_code" text DEFAULT '' NOT NULL,
	"contact_best_time_from" text DEFAULT '07:00' NOT NULL,
	"contact_best_time_to" text DEFAULT '17:00' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"site_id" text,
	"email_confirmed_at" timestamp with time zone,
	"must_change_credentials" boolean DEFAULT false NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"exp" integer DEFAULT 0 NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"avatar_file" text DEFAULT 'avatar-01.svg' NOT NULL,
	"black_list" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testers_coins_not_negative" CHECK ("testers"."coins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "zip_prefix_sites" (
	"prefix" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_clicks" ADD CONSTRAINT "email_clicks_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_ledger_once_per_reference" ON "coin_ledger" USING btree ("tester_id","reason","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "testers_username_lower" ON "testers" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "testers_email_lower" ON "testers" USING btree (lower("email"));