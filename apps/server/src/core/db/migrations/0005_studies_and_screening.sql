CREATE TABLE "external_screener_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"tester_id" uuid NOT NULL,
	"study_no" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "screener_hosts" (
	"host" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_dossier_targets" (
	"study_no" integer NOT NULL,
	"answer_id" integer NOT NULL,
	CONSTRAINT "study_dossier_targets_study_no_answer_id_pk" PRIMARY KEY("study_no","answer_id")
);
--> statement-breakpoint
CREATE TABLE "screener_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"disqualifies" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screener_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_no" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"prompt" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"min_choices" integer,
	"max_choices" integer,
	"min_value" integer,
	"max_value" integer,
	"max_length" integer,
	"show_if_question_id" integer,
	"show_if_option_ids" integer[],
	"qualify_min" integer,
	"qualify_max" integer,
	CONSTRAINT "screener_questions_kind" CHECK ("screener_questions"."kind" in ('single', 'multiple', 'number', 'text', 'date'))
);
--> statement-breakpoint
CREATE TABLE "screener_quota_conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quota_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"option_ids" integer[],
	"min_value" integer,
	"max_value" integer
);
--> statement-breakpoint
CREATE TABLE "screener_quotas" (
	"id" serial PRIMARY KEY NOT NULL,
	"study_no" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"filled" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "screener_quotas_within_capacity" CHECK ("screener_quotas"."filled" >= 0 and "screener_quotas"."filled" <= "screener_quotas"."capacity")
);
--> statement-breakpoint
CREATE TABLE "screenings" (
	"id" serial PRIMARY KEY NOT NULL,
	"tester_id" uuid NOT NULL,
	"study_no" integer NOT NULL,
	"status" text DEFAULT 'inProgress' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quota_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "screenings_once_per_tester_study" UNIQUE("tester_id","study_no"),
	CONSTRAINT "screenings_status" CHECK ("screenings"."status" in ('inProgress', 'qualified', 'disqualified', 'full', 'alreadyScheduled', 'waitlisted'))
);
--> statement-breakpoint
CREATE TABLE "study_waiting_list" (
	"study_no" integer NOT NULL,
	"tester_id" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "study_waiting_list_study_no_tester_id_pk" PRIMARY KEY("study_no","tester_id")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"tester_id" uuid NOT NULL,
	"child_id" integer,
	"study_no" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	CONSTRAINT "bookings_status" CHECK ("bookings"."status" in ('booked', 'cancelled', 'attended', 'noShow')),
	CONSTRAINT "bookings_ends_after_start" CHECK ("bookings"."ends_at" > "bookings"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "guid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "maximum_age" integer;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "screening_exp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "opens_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "recruit_target" integer;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "qualified_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "screener_kind" text DEFAULT 'hosted' NOT NULL;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "external_url" text;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "shuffle_options" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "external_screener_tokens" ADD CONSTRAINT "external_screener_tokens_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_screener_tokens" ADD CONSTRAINT "external_screener_tokens_study_no_studies_study_no_fk" FOREIGN KEY ("study_no") REFERENCES "public"."studies"("study_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_dossier_targets" ADD CONSTRAINT "study_dossier_targets_study_no_studies_study_no_fk" FOREIGN KEY ("study_no") REFERENCES "public"."studies"("study_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screener_options" ADD CONSTRAINT "screener_options_question_id_screener_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."screener_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screener_questions" ADD CONSTRAINT "screener_questions_study_no_studies_study_no_fk" FOREIGN KEY ("study_no") REFERENCES "public"."studies"("study_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screener_questions" ADD CONSTRAINT "screener_questions_show_if_question_id_screener_questions_id_fk" FOREIGN KEY ("show_if_question_id") REFERENCES "public"."screener_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screener_quota_conditions" ADD CONSTRAINT "screener_quota_conditions_quota_id_screener_quotas_id_fk" FOREIGN KEY ("quota_id") REFERENCES "public"."screener_quotas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screener_quota_conditions" ADD CONSTRAINT "screener_quota_conditions_question_id_screener_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."screener_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screener_quotas" ADD CONSTRAINT "screener_quotas_study_no_studies_study_no_fk" FOREIGN KEY ("study_no") REFERENCES "public"."studies"("study_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_study_no_studies_study_no_fk" FOREIGN KEY ("study_no") REFERENCES "public"."studies"("study_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_quota_id_screener_quotas_id_fk" FOREIGN KEY ("quota_id") REFERENCES "public"."screener_quotas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_waiting_list" ADD CONSTRAINT "study_waiting_list_study_no_studies_study_no_fk" FOREIGN KEY ("study_no") REFERENCES "public"."studies"("study_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_waiting_list" ADD CONSTRAINT "study_waiting_list_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_study_no_studies_study_no_fk" FOREIGN KEY ("study_no") REFERENCES "public"."studies"("study_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_screener_tokens_tester_study" ON "external_screener_tokens" USING btree ("tester_id","study_no");--> statement-breakpoint
CREATE INDEX "screener_options_question" ON "screener_options" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "screener_questions_study" ON "screener_questions" USING btree ("study_no","position");--> statement-breakpoint
CREATE INDEX "screener_quotas_study" ON "screener_quotas" USING btree ("study_no","position");--> statement-breakpoint
CREATE INDEX "screenings_study" ON "screenings" USING btree ("study_no");--> statement-breakpoint
CREATE INDEX "bookings_tester_starts" ON "bookings" USING btree ("tester_id","starts_at");--> statement-breakpoint
CREATE INDEX "studies_open_window" ON "studies" USING btree ("opens_at","closes_at");--> statement-breakpoint
ALTER TABLE "studies" DROP COLUMN "active";--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_guid_unique" UNIQUE("guid");--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_screener_kind" CHECK ("studies"."screener_kind" in ('hosted', 'external'));--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_external_has_url" CHECK ("studies"."screener_kind" <> 'external' or "studies"."external_url" is not null);--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_age_range" CHECK ("studies"."maximum_age" is null or "studies"."maximum_age" >= "studies"."minimum_age");--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_qualified_within_target" CHECK ("studies"."recruit_target" is null or "studies"."qualified_count" <= "studies"."recruit_target");--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_credit_not_negative" CHECK ("studies"."coin_value" >= 0 and "studies"."screening_exp" >= 0);