ALTER TABLE "companies" ADD COLUMN "time_zone" text DEFAULT 'America/Chicago' NOT NULL;--> statement-breakpoint
ALTER TABLE "waste_jobs" ADD COLUMN "completed_at" timestamp with time zone;