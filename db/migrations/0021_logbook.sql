CREATE TABLE "driver_logins" (
	"username" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"driver_id" integer NOT NULL,
	"secret_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driving_detector_states" (
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"vehicle_id" integer NOT NULL,
	"motion" jsonb NOT NULL,
	"driver_id" integer,
	"unassigned_id" integer,
	CONSTRAINT "driving_detector_states_company_id_dataset_vehicle_id_pk" PRIMARY KEY("company_id","dataset","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "hos_certifications" (
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"driver_id" integer NOT NULL,
	"log_date" text NOT NULL,
	"certified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hos_certifications_company_id_driver_id_log_date_pk" PRIMARY KEY("company_id","driver_id","log_date")
);
--> statement-breakpoint
CREATE TABLE "unassigned_driving" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"vehicle_id" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"distance_meters" double precision DEFAULT 0 NOT NULL,
	"start_latitude" double precision NOT NULL,
	"start_longitude" double precision NOT NULL,
	"end_latitude" double precision NOT NULL,
	"end_longitude" double precision NOT NULL,
	"status" text DEFAULT 'unassigned' NOT NULL,
	"driver_id" integer,
	"annotation" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unassigned_driving_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE INDEX "unassigned_driving_vehicle_idx" ON "unassigned_driving" USING btree ("company_id","dataset","vehicle_id","start_time");