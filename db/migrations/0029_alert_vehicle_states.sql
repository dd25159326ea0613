CREATE TABLE "alert_vehicle_states" (
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"vehicle_id" integer NOT NULL,
	"position_ms" bigint,
	"stat_ms" bigint,
	"inside" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_vehicle_states_company_id_vehicle_id_pk" PRIMARY KEY("company_id","vehicle_id")
);
--> statement-breakpoint
-- Rewritten in place for every reporting vehicle each batch: room on each page keeps the update HOT (see 0004).
ALTER TABLE "alert_vehicle_states" SET (fillfactor = 40);--> statement-breakpoint
-- Rule states keep only what a rule remembers (a running duration, open incidents); the newest sample
-- time and the places a vehicle is in moved to alert_vehicle_states. States that remember nothing go.
DELETE FROM "alert_rule_states" WHERE coalesce("state"->'open', '{}'::jsonb) = '{}'::jsonb AND jsonb_typeof("state"->'since') IS DISTINCT FROM 'number';--> statement-breakpoint
UPDATE "alert_rule_states" SET "state" = jsonb_build_object('since', "state"->'since', 'open', coalesce("state"->'open', '{}'::jsonb));
