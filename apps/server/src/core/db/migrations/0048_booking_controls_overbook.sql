ALTER TABLE "session_groups" DROP CONSTRAINT "session_groups_seats";--> statement-breakpoint
ALTER TABLE "session_groups" DROP CONSTRAINT "session_groups_held";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "attendance_undone" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "session_groups" ADD COLUMN "overbook" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "session_groups" ADD CONSTRAINT "session_groups_overbook" CHECK ("session_groups"."overbook" >= 0);--> statement-breakpoint
ALTER TABLE "session_groups" ADD CONSTRAINT "session_groups_seats_overbooked" CHECK ("session_groups"."taken" >= 0 and "session_groups"."taken" <= "session_groups"."seats" + "session_groups"."overbook");--> statement-breakpoint
ALTER TABLE "session_groups" ADD CONSTRAINT "session_groups_held_overbooked" CHECK ("session_groups"."held" >= 0 and "session_groups"."taken" + "session_groups"."held" <= "session_groups"."seats" + "session_groups"."overbook");