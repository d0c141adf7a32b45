CREATE TABLE "tester_shared_devices" (
	"tester_low" uuid NOT NULL,
	"tester_high" uuid NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tester_shared_devices_tester_low_tester_high_pk" PRIMARY KEY("tester_low","tester_high"),
	CONSTRAINT "tester_shared_devices_ordered" CHECK ("tester_shared_devices"."tester_low" < "tester_shared_devices"."tester_high")
);
--> statement-breakpoint
ALTER TABLE "tester_shared_devices" ADD CONSTRAINT "tester_shared_devices_tester_low_testers_id_fk" FOREIGN KEY ("tester_low") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tester_shared_devices" ADD CONSTRAINT "tester_shared_devices_tester_high_testers_id_fk" FOREIGN KEY ("tester_high") REFERENCES "public"."testers"("id") ON DELETE cascade ON UPDATE no action;