CREATE TABLE "idling_events" (
	"id" bigserial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"event_uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" integer NOT NULL,
	"driver_id" integer,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"address" text NOT NULL,
	"fuel_used_percent" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idling_events_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "speeding_intervals" (
	"id" bigserial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"vehicle_id" integer NOT NULL,
	"driver_id" integer,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"max_speed" real NOT NULL,
	"threshold_speed" real NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "speeding_intervals_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "trip_detector_states" (
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"vehicle_id" integer NOT NULL,
	"last_time" timestamp with time zone NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_detector_states_company_id_dataset_vehicle_id_pk" PRIMARY KEY("company_id","dataset","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" bigserial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"vehicle_id" integer NOT NULL,
	"driver_id" integer,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"start_latitude" double precision NOT NULL,
	"start_longitude" double precision NOT NULL,
	"start_address" text NOT NULL,
	"end_latitude" double precision NOT NULL,
	"end_longitude" double precision NOT NULL,
	"end_address" text NOT NULL,
	"distance_meters" double precision NOT NULL,
	"max_speed" real NOT NULL,
	"fuel_used_percent" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trips_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "idle_minimum_minutes" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "speeding_threshold" real DEFAULT 33.333332 NOT NULL;--> statement-breakpoint
CREATE INDEX "idling_events_vehicle_time_idx" ON "idling_events" USING btree ("company_id","dataset","vehicle_id","start_time");--> statement-breakpoint
CREATE INDEX "idling_events_time_idx" ON "idling_events" USING btree ("company_id","dataset","start_time");--> statement-breakpoint
CREATE INDEX "speeding_intervals_vehicle_time_idx" ON "speeding_intervals" USING btree ("company_id","dataset","vehicle_id","start_time");--> statement-breakpoint
CREATE INDEX "speeding_intervals_time_idx" ON "speeding_intervals" USING btree ("company_id","dataset","start_time");--> statement-breakpoint
CREATE INDEX "trips_vehicle_time_idx" ON "trips" USING btree ("company_id","dataset","vehicle_id","start_time");--> statement-breakpoint
CREATE INDEX "trips_time_idx" ON "trips" USING btree ("company_id","dataset","start_time");--> statement-breakpoint
CREATE INDEX "trips_updated_idx" ON "trips" USING btree ("company_id","dataset","updated_at");