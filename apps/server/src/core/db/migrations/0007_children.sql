CREATE TABLE "child_confirmation_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_id" integer NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"staff_id" integer,
	CONSTRAINT "child_confirmation_attempts_channel" CHECK ("child_confirmation_attempts"."channel" in ('emailLink', 'phone')),
	CONSTRAINT "child_confirmation_attempts_outcome" CHECK ("child_confirmation_attempts"."outcome" in ('confirmed', 'noAnswer', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "children" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"race" text NOT NULL,
	"gender" text NOT NULL,
	"birth_date" date NOT NULL,
	"phone" text NOT NULL,
	"registered_for_study" integer,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "children_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "children_gender" CHECK ("children"."gender" in ('M', 'F')),
	CONSTRAINT "children_confirmed_or_expiring" CHECK ("children"."confirmed_at" is not null or "children"."expires_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "child_confirmation_attempts" ADD CONSTRAINT "child_confirmation_attempts_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_parent_id_testers_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "child_confirmation_attempts_child" ON "child_confirmation_attempts" USING btree ("child_id");--> statement-breakpoint
CREATE UNIQUE INDEX "children_parent_name_birth" ON "children" USING btree ("parent_id",lower("first_name"),lower("last_name"),"birth_date");--> statement-breakpoint
CREATE INDEX "children_unconfirmed_expiry" ON "children" USING btree ("expires_at") WHERE "children"."confirmed_at" is null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE no action ON UPDATE no action;