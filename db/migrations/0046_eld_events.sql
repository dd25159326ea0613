CREATE TABLE "eld_event_sequences" (
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"vehicle_id" integer NOT NULL,
	"last_sequence_id" integer NOT NULL,
	CONSTRAINT "eld_event_sequences_company_id_dataset_vehicle_id_pk" PRIMARY KEY("company_id","dataset","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "eld_events" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"driver_id" integer,
	"vehicle_id" integer,
	"sequence_id" integer NOT NULL,
	"record_status" text DEFAULT 'active' NOT NULL,
	"record_origin" text NOT NULL,
	"event_type" smallint NOT NULL,
	"event_code" smallint NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"accumulated_miles" double precision,
	"elapsed_engine_hours" double precision,
	"latitude" double precision,
	"longitude" double precision,
	"reduced_precision" boolean DEFAULT false NOT NULL,
	"distance_since_last_valid_coordinates" integer,
	"malfunction" boolean DEFAULT false NOT NULL,
	"diagnostic" boolean DEFAULT false NOT NULL,
	"check_value" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"location_description" text DEFAULT '' NOT NULL,
	"edited_by_id" text,
	"edited_by_name" text,
	"hos_log_id" integer,
	"log_edit_id" integer,
	"unassigned_id" integer,
	"certified_date" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eld_events_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "eld_pc_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "eld_ym_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "eld_events_driver_time_idx" ON "eld_events" USING btree ("company_id","dataset","driver_id","event_at");--> statement-breakpoint
CREATE INDEX "eld_events_vehicle_time_idx" ON "eld_events" USING btree ("company_id","dataset","vehicle_id","event_at");