ALTER TABLE "studies" ADD COLUMN "attendance_coins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "studies" ADD COLUMN "attendance_exp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "compensation_cents" integer;--> statement-breakpoint
ALTER TABLE "studies" ADD CONSTRAINT "studies_attendance_credit_not_negative" CHECK ("studies"."attendance_coins" >= 0 and "studies"."attendance_exp" >= 0);