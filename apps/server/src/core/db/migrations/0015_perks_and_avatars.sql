CREATE TABLE "avatars" (
	"image_id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"require_level" integer NOT NULL,
	CONSTRAINT "avatars_file_name_unique" UNIQUE("file_name")
);
--> statement-breakpoint
CREATE TABLE "skill_levels" (
	"skill_type_id" integer NOT NULL,
	"level" integer NOT NULL,
	"effect" text NOT NULL,
	"effect_value" integer NOT NULL,
	"require_level" integer NOT NULL,
	"require_coins" integer NOT NULL,
	"require_conditions_desc" text NOT NULL,
	CONSTRAINT "skill_levels_skill_type_id_level_pk" PRIMARY KEY("skill_type_id","level"),
	CONSTRAINT "skill_levels_figures" CHECK ("skill_levels"."level" >= 1 and "skill_levels"."require_level" >= 1 and "skill_levels"."require_coins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "skill_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"effect_key" text NOT NULL,
	"name" text NOT NULL,
	"image_src" text NOT NULL,
	"description" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "skill_types_effect_key_unique" UNIQUE("effect_key")
);
--> statement-breakpoint
CREATE TABLE "tester_skills" (
	"tester_id" uuid NOT NULL,
	"skill_type_id" integer NOT NULL,
	"level" integer NOT NULL,
	"upgraded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tester_skills_tester_id_skill_type_id_pk" PRIMARY KEY("tester_id","skill_type_id")
);
--> statement-breakpoint
ALTER TABLE "skill_levels" ADD CONSTRAINT "skill_levels_skill_type_id_skill_types_id_fk" FOREIGN KEY ("skill_type_id") REFERENCES "public"."skill_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tester_skills" ADD CONSTRAINT "tester_skills_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tester_skills" ADD CONSTRAINT "tester_skills_skill_type_id_skill_types_id_fk" FOREIGN KEY ("skill_type_id") REFERENCES "public"."skill_types"("id") ON DELETE cascade ON UPDATE no action;