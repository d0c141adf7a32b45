CREATE TABLE "level_acknowledgements" (
	"tester_id" uuid PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dossier_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"set_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dossier_page_completions" (
	"tester_id" uuid NOT NULL,
	"page_id" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dossier_page_completions_pk" PRIMARY KEY("tester_id","page_id")
);
--> statement-breakpoint
CREATE TABLE "dossier_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"experience" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "dossier_pages_reward_not_negative" CHECK ("dossier_pages"."coins" >= 0 and "dossier_pages"."experience" >= 0)
);
--> statement-breakpoint
CREATE TABLE "dossier_question_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"type" text NOT NULL,
	"min_checked" integer DEFAULT 0 NOT NULL,
	"max_checked" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dossier_question_sets_type" CHECK ("dossier_question_sets"."type" in ('C', 'B', 'M')),
	CONSTRAINT "dossier_question_sets_checked_range" CHECK ("dossier_question_sets"."min_checked" >= 0 and "dossier_question_sets"."max_checked" >= greatest("dossier_question_sets"."min_checked", 1))
);
--> statement-breakpoint
CREATE TABLE "dossier_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dossier_tester_answers" (
	"tester_id" uuid NOT NULL,
	"set_id" integer NOT NULL,
	"answer_ids" integer[] NOT NULL,
	"answer_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dossier_tester_answers_pk" PRIMARY KEY("tester_id","set_id")
);
--> statement-breakpoint
CREATE TABLE "quick_survey_answer_counts" (
	"job_id" integer NOT NULL,
	"question_index" integer NOT NULL,
	"answer_key" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quick_survey_answer_counts_pk" PRIMARY KEY("job_id","question_index","answer_key")
);
--> statement-breakpoint
CREATE TABLE "quick_survey_completions" (
	"job_id" integer NOT NULL,
	"tester_id" uuid NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quick_survey_completions_pk" PRIMARY KEY("job_id","tester_id")
);
--> statement-breakpoint
CREATE TABLE "quick_survey_questions" (
	"job_id" integer NOT NULL,
	"question_index" integer NOT NULL,
	"text" text NOT NULL,
	"style" text NOT NULL,
	CONSTRAINT "quick_survey_questions_pk" PRIMARY KEY("job_id","question_index"),
	CONSTRAINT "quick_survey_questions_style" CHECK ("quick_survey_questions"."style" in ('checkbox', 'radio', 'textbox'))
);
--> statement-breakpoint
CREATE TABLE "quick_survey_responses" (
	"job_id" integer NOT NULL,
	"tester_id" uuid NOT NULL,
	"question_index" integer NOT NULL,
	"value_keys" text[] NOT NULL,
	"coded_response" text DEFAULT '' NOT NULL,
	CONSTRAINT "quick_survey_responses_pk" PRIMARY KEY("job_id","tester_id","question_index")
);
--> statement-breakpoint
CREATE TABLE "quick_survey_scales" (
	"job_id" integer NOT NULL,
	"question_index" integer NOT NULL,
	"scale_index" integer NOT NULL,
	"text" text NOT NULL,
	"score" integer DEFAULT 1 NOT NULL,
	"value_key" text NOT NULL,
	"image_id" integer,
	CONSTRAINT "quick_survey_scales_pk" PRIMARY KEY("job_id","question_index","scale_index"),
	CONSTRAINT "quick_survey_scales_own_keys" CHECK ("quick_survey_scales"."value_key" not in ('OTHER', 'NONE') and "quick_survey_scales"."value_key" <> '')
);
--> statement-breakpoint
CREATE TABLE "quick_surveys" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"short_name" text NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"experience" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quick_surveys_reward_not_negative" CHECK ("quick_surveys"."coins" >= 0 and "quick_surveys"."experience" >= 0)
);
--> statement-breakpoint
ALTER TABLE "level_acknowledgements" ADD CONSTRAINT "level_acknowledgements_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_answers" ADD CONSTRAINT "dossier_answers_set_id_dossier_question_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."dossier_question_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_page_completions" ADD CONSTRAINT "dossier_page_completions_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_page_completions" ADD CONSTRAINT "dossier_page_completions_page_id_dossier_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."dossier_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_question_sets" ADD CONSTRAINT "dossier_question_sets_question_id_dossier_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."dossier_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_questions" ADD CONSTRAINT "dossier_questions_page_id_dossier_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."dossier_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_tester_answers" ADD CONSTRAINT "dossier_tester_answers_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossier_tester_answers" ADD CONSTRAINT "dossier_tester_answers_set_id_dossier_question_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."dossier_question_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_survey_answer_counts" ADD CONSTRAINT "quick_survey_answer_counts_question_fk" FOREIGN KEY ("job_id","question_index") REFERENCES "public"."quick_survey_questions"("job_id","question_index") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_survey_completions" ADD CONSTRAINT "quick_survey_completions_job_id_quick_surveys_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."quick_surveys"("job_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_survey_completions" ADD CONSTRAINT "quick_survey_completions_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_survey_questions" ADD CONSTRAINT "quick_survey_questions_job_id_quick_surveys_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."quick_surveys"("job_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_survey_responses" ADD CONSTRAINT "quick_survey_responses_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_survey_responses" ADD CONSTRAINT "quick_survey_responses_question_fk" FOREIGN KEY ("job_id","question_index") REFERENCES "public"."quick_survey_questions"("job_id","question_index") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_survey_scales" ADD CONSTRAINT "quick_survey_scales_question_fk" FOREIGN KEY ("job_id","question_index") REFERENCES "public"."quick_survey_questions"("job_id","question_index") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dossier_answers_set" ON "dossier_answers" USING btree ("set_id","position");--> statement-breakpoint
CREATE INDEX "dossier_question_sets_question" ON "dossier_question_sets" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "dossier_questions_page" ON "dossier_questions" USING btree ("page_id","position");--> statement-breakpoint
CREATE INDEX "quick_survey_completions_tester" ON "quick_survey_completions" USING btree ("tester_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quick_survey_scales_value_key" ON "quick_survey_scales" USING btree ("job_id","question_index","value_key");