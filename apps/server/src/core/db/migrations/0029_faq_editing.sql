ALTER TABLE "faqs" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;