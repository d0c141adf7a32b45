CREATE TABLE "terms_acceptances" (
	"tester_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "terms_acceptances_tester_id_version_pk" PRIMARY KEY("tester_id","version")
);
--> statement-breakpoint
CREATE TABLE "terms_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"summary_en" text NOT NULL,
	"summary_es" text NOT NULL,
	CONSTRAINT "terms_versions_positive" CHECK ("terms_versions"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_version_terms_versions_version_fk" FOREIGN KEY ("version") REFERENCES "public"."terms_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terms_versions_published" ON "terms_versions" USING btree ("published_at");--> statement-breakpoint
-- Decision 041: version 1 is the terms in force before versions existed (every tester ticked them at registration); each tester so far accepted it when registering. Its publication time is unknown: a date before any tester, so it is current whatever a clock says.
INSERT INTO "terms_versions" ("version", "published_at", "summary_en", "summary_es") VALUES (1, '2000-01-01 00:00:00+00', 'The Terms of Use you agreed to when you joined.', 'Los Términos de uso que aceptó al registrarse.');--> statement-breakpoint
INSERT INTO "terms_acceptances" ("tester_id", "version", "accepted_at") SELECT "id", 1, "created_at" FROM "testers";
