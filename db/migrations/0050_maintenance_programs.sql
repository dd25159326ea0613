CREATE TABLE "maintenance_programs" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"name" text NOT NULL,
	"interval_meters" double precision,
	"interval_engine_hours" double precision,
	"interval_months" integer,
	"vehicle_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "maintenance_programs_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_maintenance" (
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"program_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"service_at" timestamp with time zone NOT NULL,
	"service_odometer_meters" double precision,
	"service_engine_seconds" double precision,
	"status" text DEFAULT 'ok' NOT NULL,
	"status_since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_maintenance_company_id_program_id_vehicle_id_pk" PRIMARY KEY("company_id","program_id","vehicle_id")
);
--> statement-breakpoint
CREATE INDEX "maintenance_programs_tenant_idx" ON "maintenance_programs" USING btree ("company_id","dataset") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "vehicle_maintenance_vehicle_idx" ON "vehicle_maintenance" USING btree ("company_id","vehicle_id");