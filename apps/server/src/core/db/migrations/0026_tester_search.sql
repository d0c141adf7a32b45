CREATE INDEX "testers_search_email" ON "testers" USING btree (lower("email") collate "C");--> statement-breakpoint
CREATE INDEX "testers_search_username" ON "testers" USING btree (lower("username") collate "C");--> statement-breakpoint
CREATE INDEX "testers_search_full_name" ON "testers" USING btree (lower("first_name" || ' ' || "last_name") collate "C");--> statement-breakpoint
CREATE INDEX "testers_search_last_name" ON "testers" USING btree (lower("last_name") collate "C");--> statement-breakpoint
CREATE INDEX "testers_search_phone" ON "testers" USING btree ("phone" collate "C");--> statement-breakpoint
CREATE INDEX "staff_audit_log_target_at" ON "staff_audit_log" USING btree ("target_type","target_id","at");