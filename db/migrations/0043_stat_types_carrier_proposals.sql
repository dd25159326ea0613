-- Samsara's stat types the trackers report (issue 38, item 8; docs/decisions.md "vehicle stats from the
-- trackers"): a column each in vehicle_state (the latest value, generated above) and vehicle_stat_samples,
-- the stat rollups' sums and counts (gauges, averaged by history) and maxima (counters), and ingest_stats
-- taking them after battery_milli_volts (lib/telemetry/store/telemetry-batch.ts STAT_FIELDS). Then the
-- carrier-proposed assignments (issue 38, item 7; db/schema/assignments.ts).
ALTER TABLE "vehicle_state" ADD COLUMN "engine_coolant_temperature_milli_c" real;--> statement-breakpoint
ALTER TABLE "vehicle_state" ADD COLUMN "ambient_air_temperature_milli_c" real;--> statement-breakpoint
ALTER TABLE "vehicle_state" ADD COLUMN "engine_load_percent" real;--> statement-breakpoint
ALTER TABLE "vehicle_state" ADD COLUMN "def_level_milli_percent" real;--> statement-breakpoint
ALTER TABLE "vehicle_state" ADD COLUMN "gps_odometer_meters" double precision;--> statement-breakpoint
ALTER TABLE "vehicle_state" ADD COLUMN "fuel_consumed_milliliters" double precision;--> statement-breakpoint
ALTER TABLE "vehicle_stat_samples" ADD COLUMN "engine_coolant_temperature_milli_c" real;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_samples" ADD COLUMN "ambient_air_temperature_milli_c" real;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_samples" ADD COLUMN "engine_load_percent" real;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_samples" ADD COLUMN "def_level_milli_percent" real;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_samples" ADD COLUMN "gps_odometer_meters" double precision;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_samples" ADD COLUMN "fuel_consumed_milliliters" double precision;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_rollups" ADD COLUMN "engine_coolant_temperature_milli_c_sum" double precision NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_rollups" ADD COLUMN "engine_coolant_temperature_milli_c_count" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_rollups" ADD COLUMN "ambient_air_temperature_milli_c_sum" double precision NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_rollups" ADD COLUMN "ambient_air_temperature_milli_c_count" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_rollups" ADD COLUMN "engine_load_percent_sum" double precision NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_rollups" ADD COLUMN "engine_load_percent_count" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_rollups" ADD COLUMN "def_level_milli_percent_sum" double precision NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_rollups" ADD COLUMN "def_level_milli_percent_count" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_rollups" ADD COLUMN "gps_odometer_meters_max" double precision;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_rollups" ADD COLUMN "fuel_consumed_milliliters_max" double precision;
--> statement-breakpoint
DROP FUNCTION ingest_stats(integer, text, integer[], bigint[], real[], real[], double precision[], double precision[], real[], text[], real[], boolean[]);
--> statement-breakpoint
CREATE FUNCTION ingest_stats(p_company_id integer, p_dataset text, vehicle_id integer[], time_ms bigint[],
	engine_rpm real[], fuel_percent real[], odometer_meters double precision[], engine_seconds double precision[], speed real[],
	engine_state text[], battery_milli_volts real[], engine_coolant_temperature_milli_c real[], ambient_air_temperature_milli_c real[],
	engine_load_percent real[], def_level_milli_percent real[], gps_odometer_meters double precision[], fuel_consumed_milliliters double precision[], superseded boolean[])
RETURNS TABLE (accepted integer, unowned integer[])
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
#variable_conflict use_column
DECLARE
	first_seq bigint;
BEGIN
	INSERT INTO feed_counters AS f (company_id, dataset, seq) VALUES (p_company_id, p_dataset, cardinality(vehicle_id))
	ON CONFLICT (company_id, dataset) DO UPDATE SET seq = f.seq + excluded.seq
	RETURNING f.seq - cardinality(vehicle_id) + 1 INTO first_seq;
	RETURN QUERY
	WITH joined AS (
		SELECT t.*, timestamptz 'epoch' + t.time_ms * interval '1 millisecond' AS time, first_seq + t.n - 1 AS seq,
			v.id IS NOT NULL AS owned, s.vehicle_id IS NOT NULL AS has_state, s.stats_time AS state_time
		FROM unnest(vehicle_id, time_ms, engine_rpm, fuel_percent, odometer_meters, engine_seconds, speed, engine_state, battery_milli_volts, engine_coolant_temperature_milli_c, ambient_air_temperature_milli_c, engine_load_percent, def_level_milli_percent, gps_odometer_meters, fuel_consumed_milliliters, superseded)
			WITH ORDINALITY AS t(vehicle_id, time_ms, engine_rpm, fuel_percent, odometer_meters, engine_seconds, speed, engine_state, battery_milli_volts, engine_coolant_temperature_milli_c, ambient_air_temperature_milli_c, engine_load_percent, def_level_milli_percent, gps_odometer_meters, fuel_consumed_milliliters, superseded, n)
		LEFT JOIN vehicles v ON v.company_id = p_company_id AND v.id = t.vehicle_id AND v.dataset = p_dataset
		LEFT JOIN vehicle_state s ON s.company_id = p_company_id AND s.vehicle_id = t.vehicle_id
	), compared AS (
		SELECT *, state_time IS NULL OR time > state_time AS fresh FROM joined
	), input AS (
		SELECT p_company_id AS company_id, p_dataset AS dataset, j.vehicle_id, time, seq,
			j.engine_rpm, j.fuel_percent, j.odometer_meters, j.engine_seconds, j.speed, j.engine_state, j.battery_milli_volts, j.engine_coolant_temperature_milli_c, j.ambient_air_temperature_milli_c, j.engine_load_percent, j.def_level_milli_percent, j.gps_odometer_meters, j.fuel_consumed_milliliters,
			owned, fresh,
			owned AND fresh AND j.superseded IS NULL AND has_state AS moves_state,
			owned AND fresh AND j.superseded IS NULL AND NOT has_state AS creates_state
		FROM compared j
	), fresh_rows AS (
		INSERT INTO vehicle_stat_samples (company_id, dataset, vehicle_id, time, seq, engine_rpm, fuel_percent, odometer_meters, engine_seconds, speed, engine_state, battery_milli_volts, engine_coolant_temperature_milli_c, ambient_air_temperature_milli_c, engine_load_percent, def_level_milli_percent, gps_odometer_meters, fuel_consumed_milliliters)
		SELECT i.company_id, i.dataset, i.vehicle_id, i.time, i.seq, i.engine_rpm, i.fuel_percent, i.odometer_meters, i.engine_seconds, i.speed, i.engine_state, i.battery_milli_volts, i.engine_coolant_temperature_milli_c, i.ambient_air_temperature_milli_c, i.engine_load_percent, i.def_level_milli_percent, i.gps_odometer_meters, i.fuel_consumed_milliliters
		FROM input i WHERE i.owned AND i.fresh
	), resent_rows AS (
		INSERT INTO vehicle_stat_samples (company_id, dataset, vehicle_id, time, seq, engine_rpm, fuel_percent, odometer_meters, engine_seconds, speed, engine_state, battery_milli_volts, engine_coolant_temperature_milli_c, ambient_air_temperature_milli_c, engine_load_percent, def_level_milli_percent, gps_odometer_meters, fuel_consumed_milliliters)
		SELECT i.company_id, i.dataset, i.vehicle_id, i.time, i.seq, i.engine_rpm, i.fuel_percent, i.odometer_meters, i.engine_seconds, i.speed, i.engine_state, i.battery_milli_volts, i.engine_coolant_temperature_milli_c, i.ambient_air_temperature_milli_c, i.engine_load_percent, i.def_level_milli_percent, i.gps_odometer_meters, i.fuel_consumed_milliliters
		FROM input i WHERE i.owned AND NOT i.fresh
		ON CONFLICT DO NOTHING RETURNING 1
	), moved AS (
		UPDATE vehicle_state s SET stats_time = l.time,
			engine_rpm = coalesce(l.engine_rpm, s.engine_rpm),
			fuel_percent = coalesce(l.fuel_percent, s.fuel_percent),
			odometer_meters = coalesce(l.odometer_meters, s.odometer_meters),
			engine_seconds = coalesce(l.engine_seconds, s.engine_seconds),
			ecu_speed = coalesce(l.speed, s.ecu_speed),
			engine_state = coalesce(l.engine_state, s.engine_state),
			battery_milli_volts = coalesce(l.battery_milli_volts, s.battery_milli_volts),
			engine_coolant_temperature_milli_c = coalesce(l.engine_coolant_temperature_milli_c, s.engine_coolant_temperature_milli_c),
			ambient_air_temperature_milli_c = coalesce(l.ambient_air_temperature_milli_c, s.ambient_air_temperature_milli_c),
			engine_load_percent = coalesce(l.engine_load_percent, s.engine_load_percent),
			def_level_milli_percent = coalesce(l.def_level_milli_percent, s.def_level_milli_percent),
			gps_odometer_meters = coalesce(l.gps_odometer_meters, s.gps_odometer_meters),
			fuel_consumed_milliliters = coalesce(l.fuel_consumed_milliliters, s.fuel_consumed_milliliters), stats_seq = l.seq
		FROM input l WHERE s.company_id = p_company_id AND s.vehicle_id = l.vehicle_id AND l.moves_state
	), first_state AS (
		INSERT INTO vehicle_state (vehicle_id, company_id, dataset, stats_time, engine_rpm, fuel_percent, odometer_meters, engine_seconds, ecu_speed, engine_state, battery_milli_volts, engine_coolant_temperature_milli_c, ambient_air_temperature_milli_c, engine_load_percent, def_level_milli_percent, gps_odometer_meters, fuel_consumed_milliliters, stats_seq)
		SELECT i.vehicle_id, i.company_id, i.dataset, i.time, i.engine_rpm, i.fuel_percent, i.odometer_meters, i.engine_seconds, i.speed, i.engine_state, i.battery_milli_volts, i.engine_coolant_temperature_milli_c, i.ambient_air_temperature_milli_c, i.engine_load_percent, i.def_level_milli_percent, i.gps_odometer_meters, i.fuel_consumed_milliliters, i.seq
		FROM input i WHERE i.creates_state
	), dirty AS (
		INSERT INTO rollup_dirty (company_id, vehicle_id, bucket)
		SELECT DISTINCT i.company_id, i.vehicle_id, date_bin('60 seconds', i.time, timestamptz 'epoch') FROM input i
		WHERE i.owned AND i.time < (SELECT watermark FROM rollup_progress)
		ON CONFLICT DO NOTHING
	)
	SELECT (SELECT count(*)::integer FROM input WHERE owned AND fresh) + (SELECT count(*)::integer FROM resent_rows),
		coalesce((SELECT array_agg(DISTINCT i.vehicle_id) FROM input i WHERE NOT i.owned), '{}');
END $$;
--> statement-breakpoint
CREATE TABLE "carrier_proposed_assignments" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"driver_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"trailer_names" text[] DEFAULT '{}' NOT NULL,
	"shipping_docs" text,
	"active_time" timestamp with time zone NOT NULL,
	"first_seen_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_proposed_assignments_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE INDEX "carrier_proposed_assignments_driver_idx" ON "carrier_proposed_assignments" USING btree ("company_id","dataset","driver_id");
