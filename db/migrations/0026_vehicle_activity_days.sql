CREATE TABLE "vehicle_activity_days" (
	"id" bigserial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"vehicle_id" integer NOT NULL,
	"day" date NOT NULL,
	"driver_id" integer,
	"trips" integer NOT NULL,
	"distance_meters" double precision NOT NULL,
	"driving_seconds" double precision NOT NULL,
	"idle_seconds" double precision NOT NULL,
	"fuel_used_percent" double precision,
	CONSTRAINT "vehicle_activity_days_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "vehicle_activity_days_key" UNIQUE NULLS NOT DISTINCT("company_id","dataset","vehicle_id","day","driver_id")
);
--> statement-breakpoint
CREATE INDEX "vehicle_activity_days_day_idx" ON "vehicle_activity_days" USING btree ("company_id","dataset","day");--> statement-breakpoint
-- The trips and idles detected before this table existed, in each company's zone (as lib/trips/activity-days.ts groups them).
INSERT INTO "vehicle_activity_days" ("company_id", "dataset", "vehicle_id", "day", "driver_id", "trips", "distance_meters", "driving_seconds", "idle_seconds", "fuel_used_percent")
SELECT a."company_id", a."dataset", a."vehicle_id", (a."start_time" AT TIME ZONE c."zone")::date, a."driver_id", sum(a."trips")::int, sum(a."distance_meters"), sum(a."driving_seconds"), sum(a."idle_seconds"), sum(a."fuel_used_percent")
FROM (
  SELECT "company_id", "dataset", "vehicle_id", "driver_id", "start_time", 1 AS "trips", "distance_meters", extract(epoch FROM "end_time" - "start_time")::float8 AS "driving_seconds", 0::float8 AS "idle_seconds", "fuel_used_percent"::float8 FROM "trips"
  UNION ALL
  SELECT "company_id", "dataset", "vehicle_id", "driver_id", "start_time", 0, 0, 0, extract(epoch FROM "end_time" - "start_time")::float8, "fuel_used_percent"::float8 FROM "idling_events"
) a JOIN (
  -- A zone PostgreSQL does not know (a hand-edited row) reads as the default, as the dashboard does.
  SELECT "id", CASE WHEN "time_zone" IN (SELECT "name" FROM pg_timezone_names) THEN "time_zone" ELSE 'America/Chicago' END AS "zone" FROM "companies"
) c ON c."id" = a."company_id"
GROUP BY 1, 2, 3, 4, 5;
