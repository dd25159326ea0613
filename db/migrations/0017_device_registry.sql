CREATE TABLE "devices" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"identifier" text NOT NULL,
	"model" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"vehicle_id" integer,
	"bound_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
DROP INDEX "vehicles_device_idx";--> statement-breakpoint
ALTER TABLE "device_lookups" ALTER COLUMN "vehicle_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ingest_tokens" ADD COLUMN "start" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_identifier_idx" ON "devices" USING btree ("company_id","identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_vehicle_idx" ON "devices" USING btree ("company_id","vehicle_id");--> statement-breakpoint
CREATE INDEX "devices_tenant_idx" ON "devices" USING btree ("company_id","dataset","id");--> statement-breakpoint
-- Hand-written: every vehicle's device id becomes a registered device bound to it (a 15-digit IMEI's
-- protocol is not known here: "other"; the rest are OsmAnd ids) before the column goes.
INSERT INTO "devices" ("company_id", "dataset", "identifier", "model", "vehicle_id", "bound_at")
  SELECT "company_id", "dataset", "device_id", CASE WHEN "device_id" ~ '^[0-9]{15}$' THEN 'other' ELSE 'osmand' END, "id", now()
  FROM "vehicles" WHERE "device_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" DROP COLUMN "device_id";