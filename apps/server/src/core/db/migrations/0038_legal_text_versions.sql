CREATE TABLE "legal_text_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"page" text NOT NULL,
	"version" integer NOT NULL,
	"body_html" text,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" uuid
);
--> statement-breakpoint
ALTER TABLE "legal_text_versions" ADD CONSTRAINT "legal_text_versions_published_by_staff_members_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_text_versions_page_version" ON "legal_text_versions" USING btree ("page","version");