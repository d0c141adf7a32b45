-- Keep the first click of each (tester, eCode) link; the unique index below then holds.
DELETE FROM "email_clicks" AS "later" USING "email_clicks" AS "first"
  WHERE "later"."tester_id" = "first"."tester_id" AND "later"."e_code" = "first"."e_code" AND "later"."id" > "first"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "email_clicks_tester_link" ON "email_clicks" USING btree ("tester_id","e_code");