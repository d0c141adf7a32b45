CREATE TABLE "redemption_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tester_id" uuid NOT NULL,
	"item_no" integer NOT NULL,
	"coins" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"fulfilled_at" timestamp with time zone,
	"note" text,
	CONSTRAINT "redemption_orders_status" CHECK ("redemption_orders"."status" in ('pending', 'fulfilled', 'rejected')),
	CONSTRAINT "redemption_orders_coins" CHECK ("redemption_orders"."coins" > 0)
);
--> statement-breakpoint
CREATE TABLE "reward_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"coins" integer NOT NULL,
	"image_path" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reward_items_costs_coins" CHECK ("reward_items"."coins" > 0)
);
--> statement-breakpoint
ALTER TABLE "redemption_orders" ADD CONSTRAINT "redemption_orders_tester_id_testers_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_orders" ADD CONSTRAINT "redemption_orders_item_no_reward_items_id_fk" FOREIGN KEY ("item_no") REFERENCES "public"."reward_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redemption_orders_tester" ON "redemption_orders" USING btree ("tester_id","created_at");--> statement-breakpoint
CREATE INDEX "coin_ledger_tester_time" ON "coin_ledger" USING btree ("tester_id","created_at");