ALTER TABLE "redemption_orders" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "redemption_orders_status" ON "redemption_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "redemption_orders_created" ON "redemption_orders" USING btree ("created_at");