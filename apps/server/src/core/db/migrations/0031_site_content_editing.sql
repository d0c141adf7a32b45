ALTER TABLE "test_sites" ALTER COLUMN "map_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "test_sites" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "winners" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "winners" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;