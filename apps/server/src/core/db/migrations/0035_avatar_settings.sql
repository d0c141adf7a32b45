ALTER TABLE "avatars" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "avatars" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_require_level_positive" CHECK ("avatars"."require_level" >= 1);