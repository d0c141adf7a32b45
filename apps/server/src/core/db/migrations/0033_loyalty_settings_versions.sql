ALTER TABLE "levels" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_reward_days" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "wheel_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_settings" ADD COLUMN "drawing_version" integer DEFAULT 1 NOT NULL;