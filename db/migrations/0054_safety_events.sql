CREATE TABLE "safety_events" (
	"id" bigserial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"event_uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"peak_g" real,
	"severity" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"heading" real,
	"speed" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safety_events_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "safety_events_vehicle_time_key" ON "safety_events" USING btree ("company_id","dataset","vehicle_id","time","kind");--> statement-breakpoint
CREATE INDEX "safety_events_time_idx" ON "safety_events" USING btree ("company_id","dataset","time");--> statement-breakpoint
CREATE INDEX "safety_events_created_idx" ON "safety_events" USING btree ("company_id","dataset","created_at");