CREATE TABLE "work_orders" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"vehicle_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"description" text NOT NULL,
	"source_type" text DEFAULT 'manual' NOT NULL,
	"source_id" integer,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"odometer_meters" double precision,
	"engine_seconds" double precision,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_orders_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE INDEX "work_orders_vehicle_idx" ON "work_orders" USING btree ("company_id","dataset","vehicle_id");--> statement-breakpoint
CREATE INDEX "work_orders_open_idx" ON "work_orders" USING btree ("company_id","dataset","status") WHERE status <> 'completed';