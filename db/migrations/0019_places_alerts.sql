CREATE TABLE "places" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"name" text NOT NULL,
	"formatted_address" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_meters" double precision,
	"vertices" jsonb,
	"min_latitude" double precision NOT NULL,
	"max_latitude" double precision NOT NULL,
	"min_longitude" double precision NOT NULL,
	"max_longitude" double precision NOT NULL,
	"address_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"external_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "places_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "alert_incidents" (
	"id" bigserial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"rule_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"driver_id" integer,
	"place_id" integer,
	"latitude" double precision,
	"longitude" double precision,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_incidents_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "alert_rule_states" (
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"rule_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_rule_states_company_id_rule_id_vehicle_id_pk" PRIMARY KEY("company_id","rule_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"name" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"trigger" jsonb NOT NULL,
	"vehicle_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"external_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "alert_rules_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE INDEX "places_tenant_idx" ON "places" USING btree ("company_id","dataset","id");--> statement-breakpoint
CREATE INDEX "alert_incidents_tenant_idx" ON "alert_incidents" USING btree ("company_id","dataset","id");--> statement-breakpoint
CREATE INDEX "alert_incidents_unread_idx" ON "alert_incidents" USING btree ("company_id","dataset") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "alert_rules_tenant_idx" ON "alert_rules" USING btree ("company_id","dataset") WHERE deleted_at is null;