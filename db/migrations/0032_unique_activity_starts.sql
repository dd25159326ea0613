-- Copies stored by a window detected twice (same vehicle and start): the newest detection of each stays.
DELETE FROM "trips" a USING "trips" b WHERE b."company_id" = a."company_id" AND b."dataset" = a."dataset" AND b."vehicle_id" = a."vehicle_id" AND b."start_time" = a."start_time" AND b."id" > a."id";--> statement-breakpoint
DELETE FROM "idling_events" a USING "idling_events" b WHERE b."company_id" = a."company_id" AND b."dataset" = a."dataset" AND b."vehicle_id" = a."vehicle_id" AND b."start_time" = a."start_time" AND b."id" > a."id";--> statement-breakpoint
DELETE FROM "speeding_intervals" a USING "speeding_intervals" b WHERE b."company_id" = a."company_id" AND b."dataset" = a."dataset" AND b."vehicle_id" = a."vehicle_id" AND b."start_time" = a."start_time" AND b."id" > a."id";--> statement-breakpoint
DROP INDEX "idling_events_vehicle_time_idx";--> statement-breakpoint
DROP INDEX "speeding_intervals_vehicle_time_idx";--> statement-breakpoint
DROP INDEX "trips_vehicle_time_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "idling_events_vehicle_start_key" ON "idling_events" USING btree ("company_id","dataset","vehicle_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "speeding_intervals_vehicle_start_key" ON "speeding_intervals" USING btree ("company_id","dataset","vehicle_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "trips_vehicle_start_key" ON "trips" USING btree ("company_id","dataset","vehicle_id","start_time");--> statement-breakpoint
-- The days counted the copies: grouped again from the trips and idles left, as migration 0026 filled them.
DELETE FROM "vehicle_activity_days";--> statement-breakpoint
INSERT INTO "vehicle_activity_days" ("company_id", "dataset", "vehicle_id", "day", "driver_id", "trips", "distance_meters", "driving_seconds", "idle_seconds", "fuel_used_percent")
SELECT a."company_id", a."dataset", a."vehicle_id", (a."start_time" AT TIME ZONE c."zone")::date, a."driver_id", sum(a."trips")::int, sum(a."distance_meters"), sum(a."driving_seconds"), sum(a."idle_seconds"), sum(a."fuel_used_percent")
FROM (
  SELECT "company_id", "dataset", "vehicle_id", "driver_id", "start_time", 1 AS "trips", "distance_meters", extract(epoch FROM "end_time" - "start_time")::float8 AS "driving_seconds", 0::float8 AS "idle_seconds", "fuel_used_percent"::float8 FROM "trips"
  UNION ALL
  SELECT "company_id", "dataset", "vehicle_id", "driver_id", "start_time", 0, 0, 0, extract(epoch FROM "end_time" - "start_time")::float8, "fuel_used_percent"::float8 FROM "idling_events"
) a JOIN (
  SELECT "id", CASE WHEN "time_zone" IN (SELECT "name" FROM pg_timezone_names) THEN "time_zone" ELSE 'America/Chicago' END AS "zone" FROM "companies"
) c ON c."id" = a."company_id"
GROUP BY 1, 2, 3, 4, 5;
