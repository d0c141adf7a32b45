CREATE TABLE "tester_duplicate_reviews" (
	"tester_low" uuid NOT NULL,
	"tester_high" uuid NOT NULL,
	"outcome" text NOT NULL,
	"reviewed_by" text NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tester_duplicate_reviews_tester_low_tester_high_pk" PRIMARY KEY("tester_low","tester_high"),
	CONSTRAINT "tester_duplicate_reviews_ordered" CHECK ("tester_duplicate_reviews"."tester_low" < "tester_duplicate_reviews"."tester_high"),
	CONSTRAINT "tester_duplicate_reviews_outcome" CHECK ("tester_duplicate_reviews"."outcome" in ('notDuplicate', 'blockNewer'))
);
--> statement-breakpoint
ALTER TABLE "tester_duplicate_reviews" ADD CONSTRAINT "tester_duplicate_reviews_tester_low_testers_id_fk" FOREIGN KEY ("tester_low") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tester_duplicate_reviews" ADD CONSTRAINT "tester_duplicate_reviews_tester_high_testers_id_fk" FOREIGN KEY ("tester_high") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "testers_duplicate_email" ON "testers" USING btree ((case when split_part(lower("email"), '@', 2) in ('gmail.com', 'googlemail.com') then replace(split_part(split_part(lower("email"), '@', 1), '+', 1), '.', '') || '@gmail.com' else split_part(split_part(lower("email"), '@', 1), '+', 1) || '@' || split_part(lower("email"), '@', 2) end));--> statement-breakpoint
CREATE INDEX "testers_duplicate_phone" ON "testers" USING btree ((case when length(regexp_replace("phone", '[^0-9]', '', 'g')) >= 10 then right(regexp_replace("phone", '[^0-9]', '', 'g'), 10) end));