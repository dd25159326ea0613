-- Stats history serves batteryMilliVolts (the average of a bucket, as fuel level and RPM): the stat
-- rollups keep its sum and count like the other gauges. Buckets rolled up before this migration
-- have a count of 0 (no reading), as if the tracker had not reported one.
ALTER TABLE "vehicle_stat_rollups" ADD COLUMN "battery_milli_volts_sum" double precision NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_rollups" ADD COLUMN "battery_milli_volts_count" integer NOT NULL DEFAULT 0;
