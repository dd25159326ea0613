ALTER TABLE "companies" ADD COLUMN "home_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "home_latitude" double precision;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "home_longitude" double precision;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "bound_seq" bigint;