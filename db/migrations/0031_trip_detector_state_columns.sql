ALTER TABLE "trip_detector_states" ADD COLUMN "last_time_ms" bigint;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "sample_time_ms" bigint;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "sample_latitude" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "sample_longitude" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "sample_speed" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "sample_engine_state" text;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "sample_odometer_meters" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "sample_fuel_percent" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "carry_latitude" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "carry_longitude" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "carry_speed" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "carry_engine_state" text;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "carry_odometer_meters" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "carry_fuel_percent" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "trip_start_time_ms" bigint;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "trip_start_latitude" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "trip_start_longitude" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "trip_max_speed" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "trip_gps_meters" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "trip_farthest_meters" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "trip_start_odometer_meters" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "trip_end_odometer_meters" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "trip_resting_since_ms" bigint;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "trip_fuel_used_percent" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "trip_last_fuel_percent" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "idle_start_time_ms" bigint;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "idle_latitude" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "idle_longitude" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "idle_fuel_used_percent" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "idle_last_fuel_percent" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "speeding_start_time_ms" bigint;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "speeding_latitude" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "speeding_longitude" double precision;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "speeding_max_speed" double precision;--> statement-breakpoint
-- Rewritten on every batch a vehicle reports in: with room on its page the update is HOT (no index
-- entries, old versions pruned in the page), as vehicle_state (0004). Set first, so that the UPDATE
-- below writes the new row versions at this fill.
ALTER TABLE "trip_detector_states" SET (fillfactor = 40);--> statement-breakpoint
-- The JSON states become columns (exact: JSON numbers are the shortest decimals of the doubles).
UPDATE "trip_detector_states" SET
	"last_time_ms" = (extract(epoch FROM "last_time") * 1000)::bigint,
	"sample_time_ms" = ("state" #>> '{activity,motion,previous,time}')::bigint,
	"sample_latitude" = ("state" #>> '{activity,motion,previous,latitude}')::float8,
	"sample_longitude" = ("state" #>> '{activity,motion,previous,longitude}')::float8,
	"sample_speed" = ("state" #>> '{activity,motion,previous,speed}')::float8,
	"sample_engine_state" = ("state" #>> '{activity,motion,previous,engineState}')::text,
	"sample_odometer_meters" = ("state" #>> '{activity,motion,previous,odometerMeters}')::float8,
	"sample_fuel_percent" = ("state" #>> '{activity,motion,previous,fuelPercent}')::float8,
	"carry_latitude" = ("state" #>> '{carry,latitude}')::float8,
	"carry_longitude" = ("state" #>> '{carry,longitude}')::float8,
	"carry_speed" = coalesce(("state" #>> '{carry,speed}')::float8, 0),
	"carry_engine_state" = ("state" #>> '{carry,engineState}')::text,
	"carry_odometer_meters" = ("state" #>> '{carry,odometerMeters}')::float8,
	"carry_fuel_percent" = ("state" #>> '{carry,fuelPercent}')::float8,
	"trip_start_time_ms" = ("state" #>> '{activity,motion,open,startTime}')::bigint,
	"trip_start_latitude" = ("state" #>> '{activity,motion,open,start,latitude}')::float8,
	"trip_start_longitude" = ("state" #>> '{activity,motion,open,start,longitude}')::float8,
	"trip_max_speed" = ("state" #>> '{activity,motion,open,maxSpeedMps}')::float8,
	"trip_gps_meters" = ("state" #>> '{activity,motion,open,gpsMeters}')::float8,
	"trip_farthest_meters" = ("state" #>> '{activity,motion,open,farthestMeters}')::float8,
	"trip_start_odometer_meters" = ("state" #>> '{activity,motion,open,startOdometer}')::float8,
	"trip_end_odometer_meters" = ("state" #>> '{activity,motion,open,endOdometer}')::float8,
	"trip_resting_since_ms" = ("state" #>> '{activity,motion,open,restingSince}')::bigint,
	"trip_fuel_used_percent" = ("state" #>> '{activity,motion,open,fuelUsedPercent}')::float8,
	"trip_last_fuel_percent" = ("state" #>> '{activity,motion,open,lastFuelPercent}')::float8,
	"idle_start_time_ms" = ("state" #>> '{activity,idle,startTime}')::bigint,
	"idle_latitude" = ("state" #>> '{activity,idle,latitude}')::float8,
	"idle_longitude" = ("state" #>> '{activity,idle,longitude}')::float8,
	"idle_fuel_used_percent" = ("state" #>> '{activity,idle,fuelUsedPercent}')::float8,
	"idle_last_fuel_percent" = ("state" #>> '{activity,idle,lastFuelPercent}')::float8,
	"speeding_start_time_ms" = ("state" #>> '{activity,speeding,startTime}')::bigint,
	"speeding_latitude" = ("state" #>> '{activity,speeding,latitude}')::float8,
	"speeding_longitude" = ("state" #>> '{activity,speeding,longitude}')::float8,
	"speeding_max_speed" = ("state" #>> '{activity,speeding,maxSpeedMps}')::float8;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ALTER COLUMN "last_time_ms" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ALTER COLUMN "carry_speed" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_detector_states" DROP COLUMN "last_time";--> statement-breakpoint
ALTER TABLE "trip_detector_states" DROP COLUMN "state";