ALTER TABLE "devices" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_message_protocol" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_message_kind" text;