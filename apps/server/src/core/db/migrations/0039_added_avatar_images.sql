CREATE TABLE "avatar_images" (
	"file_name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "avatar_images_content_type" CHECK ("avatar_images"."content_type" in ('image/png', 'image/jpeg', 'image/webp'))
);
--> statement-breakpoint
ALTER TABLE "avatar_images" ADD CONSTRAINT "avatar_images_file_name_avatars_file_name_fk" FOREIGN KEY ("file_name") REFERENCES "public"."avatars"("file_name") ON DELETE cascade ON UPDATE no action;