CREATE TABLE "tag_drivers" (
	"company_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	CONSTRAINT "tag_drivers_company_id_tag_id_driver_id_pk" PRIMARY KEY("company_id","tag_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "tag_vehicles" (
	"company_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	CONSTRAINT "tag_vehicles_company_id_tag_id_vehicle_id_pk" PRIMARY KEY("company_id","tag_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"name" text NOT NULL,
	"parent_tag_id" integer,
	"external_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tag_drivers_driver_idx" ON "tag_drivers" USING btree ("company_id","driver_id");--> statement-breakpoint
CREATE INDEX "tag_vehicles_vehicle_idx" ON "tag_vehicles" USING btree ("company_id","vehicle_id");--> statement-breakpoint
CREATE INDEX "tags_tenant_idx" ON "tags" USING btree ("company_id","dataset","id");--> statement-breakpoint
CREATE INDEX "tags_parent_idx" ON "tags" USING btree ("company_id","parent_tag_id");