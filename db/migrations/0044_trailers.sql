CREATE TABLE "trailer_assignments" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"trailer_id" integer NOT NULL,
	"driver_id" integer,
	"vehicle_id" integer,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trailer_assignments_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "asset_kind" text DEFAULT 'vehicle' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "enabled_for_mobile" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "trailer_assignments_trailer_idx" ON "trailer_assignments" USING btree ("company_id","dataset","trailer_id","start_time");--> statement-breakpoint
CREATE INDEX "trailer_assignments_driver_idx" ON "trailer_assignments" USING btree ("company_id","dataset","driver_id","start_time");--> statement-breakpoint
CREATE INDEX "trailer_assignments_vehicle_idx" ON "trailer_assignments" USING btree ("company_id","dataset","vehicle_id","start_time");