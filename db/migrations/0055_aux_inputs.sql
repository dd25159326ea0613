-- Samsara's auxInput1..3 (issue 38, item 8; docs/decisions.md "aux inputs from the trackers' digital inputs"):
-- a tracker's digital inputs 1 to 3, on or off. A column each in vehicle_state (the latest value, generated
-- above) and vehicle_stat_samples; the stat rollups keep whether each input was on in the bucket (history's
-- value for a bucket); ingest_stats takes them after fuel_consumed_milliliters (lib/telemetry/store/telemetry-batch.ts STAT_FIELDS).
ALTER TABLE "vehicle_state" ADD COLUMN "aux_input_1" boolean;--> statement-breakpoint
ALTER TABLE "vehicle_state" ADD COLUMN "aux_input_2" boolean;--> statement-breakpoint
ALTER TABLE "vehicle_state" ADD COLUMN "aux_input_3" boolean;--> statement-breakpoint
ALTER TABLE "vehicle_stat_samples" ADD COLUMN "aux_input_1" boolean;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_samples" ADD COLUMN "aux_input_2" boolean;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_samples" ADD COLUMN "aux_input_3" boolean;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_rollups" ADD COLUMN "aux_input_1_on" boolean;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_rollups" ADD COLUMN "aux_input_2_on" boolean;
--> statement-breakpoint
ALTER TABLE "vehicle_stat_rollups" ADD COLUMN "aux_input_3_on" boolean;
--> statement-breakpoint
DROP FUNCTION ingest_stats(integer, text, integer[], bigint[], real[], real[], double precision[], double precision[], real[], text[], real[], real[], real[], real[], real[], double precision[], double precision[], boolean[]);
--> statement-breakpoint
CREATE FUNCTION ingest_stats(p_company_id integer, p_dataset text, vehicle_id integer[], time_ms bigint[],
	engine_rpm real[], fuel_percent real[], odometer_meters double precision[], engine_seconds double precision[], speed real[],
	engine_state text[], battery_milli_volts real[], engine_coolant_temperature_milli_c real[], ambient_air_temperature_milli_c real[],
	engine_load_percent real[], def_level_milli_percent real[], gps_odometer_meters double precision[], fuel_consumed_milliliters double precision[],
	aux_input_1 boolean[], aux_input_2 boolean[], aux_input_3 boolean[], superseded boolean[])
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
		FROM unnest(vehicle_id, time_ms, engine_rpm, fuel_percent, odometer_meters, engine_seconds, speed, engine_state, battery_milli_volts, engine_coolant_temperature_milli_c, ambient_air_temperature_milli_c, engine_load_percent, def_level_milli_percent, gps_odometer_meters, fuel_consumed_milliliters, aux_input_1, aux_input_2, aux_input_3, superseded)
			WITH ORDINALITY AS t(vehicle_id, time_ms, engine_rpm, fuel_percent, odometer_meters, engine_seconds, speed, engine_state, battery_milli_volts, engine_coolant_temperature_milli_c, ambient_air_temperature_milli_c, engine_load_percent, def_level_milli_percent, gps_odometer_meters, fuel_consumed_milliliters, aux_input_1, aux_input_2, aux_input_3, superseded, n)
		LEFT JOIN vehicles v ON v.company_id = p_company_id AND v.id = t.vehicle_id AND v.dataset = p_dataset
		LEFT JOIN vehicle_state s ON s.company_id = p_company_id AND s.vehicle_id = t.vehicle_id
	), compared AS (
		SELECT *, state_time IS NULL OR time > state_time AS fresh FROM joined
	), input AS (
		SELECT p_company_id AS company_id, p_dataset AS dataset, j.vehicle_id, time, seq,
			j.engine_rpm, j.fuel_percent, j.odometer_meters, j.engine_seconds, j.speed, j.engine_state, j.battery_milli_volts, j.engine_coolant_temperature_milli_c, j.ambient_air_temperature_milli_c, j.engine_load_percent, j.def_level_milli_percent, j.gps_odometer_meters, j.fuel_consumed_milliliters, j.aux_input_1, j.aux_input_2, j.aux_input_3,
			owned, fresh,
			owned AND fresh AND j.superseded IS NULL AND has_state AS moves_state,
			owned AND fresh AND j.superseded IS NULL AND NOT has_state AS creates_state
		FROM compared j
	), fresh_rows AS (
		INSERT INTO vehicle_stat_samples (company_id, dataset, vehicle_id, time, seq, engine_rpm, fuel_percent, odometer_meters, engine_seconds, speed, engine_state, battery_milli_volts, engine_coolant_temperature_milli_c, ambient_air_temperature_milli_c, engine_load_percent, def_level_milli_percent, gps_odometer_meters, fuel_consumed_milliliters, aux_input_1, aux_input_2, aux_input_3)
		SELECT i.company_id, i.dataset, i.vehicle_id, i.time, i.seq, i.engine_rpm, i.fuel_percent, i.odometer_meters, i.engine_seconds, i.speed, i.engine_state, i.battery_milli_volts, i.engine_coolant_temperature_milli_c, i.ambient_air_temperature_milli_c, i.engine_load_percent, i.def_level_milli_percent, i.gps_odometer_meters, i.fuel_consumed_milliliters, i.aux_input_1, i.aux_input_2, i.aux_input_3
		FROM input i WHERE i.owned AND i.fresh
	), resent_rows AS (
		INSERT INTO vehicle_stat_samples (company_id, dataset, vehicle_id, time, seq, engine_rpm, fuel_percent, odometer_meters, engine_seconds, speed, engine_state, battery_milli_volts, engine_coolant_temperature_milli_c, ambient_air_temperature_milli_c, engine_load_percent, def_level_milli_percent, gps_odometer_meters, fuel_consumed_milliliters, aux_input_1, aux_input_2, aux_input_3)
		SELECT i.company_id, i.dataset, i.vehicle_id, i.time, i.seq, i.engine_rpm, i.fuel_percent, i.odometer_meters, i.engine_seconds, i.speed, i.engine_state, i.battery_milli_volts, i.engine_coolant_temperature_milli_c, i.ambient_air_temperature_milli_c, i.engine_load_percent, i.def_level_milli_percent, i.gps_odometer_meters, i.fuel_consumed_milliliters, i.aux_input_1, i.aux_input_2, i.aux_input_3
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
			fuel_consumed_milliliters = coalesce(l.fuel_consumed_milliliters, s.fuel_consumed_milliliters),
			aux_input_1 = coalesce(l.aux_input_1, s.aux_input_1),
			aux_input_2 = coalesce(l.aux_input_2, s.aux_input_2),
			aux_input_3 = coalesce(l.aux_input_3, s.aux_input_3), stats_seq = l.seq
		FROM input l WHERE s.company_id = p_company_id AND s.vehicle_id = l.vehicle_id AND l.moves_state
	), first_state AS (
		INSERT INTO vehicle_state (vehicle_id, company_id, dataset, stats_time, engine_rpm, fuel_percent, odometer_meters, engine_seconds, ecu_speed, engine_state, battery_milli_volts, engine_coolant_temperature_milli_c, ambient_air_temperature_milli_c, engine_load_percent, def_level_milli_percent, gps_odometer_meters, fuel_consumed_milliliters, aux_input_1, aux_input_2, aux_input_3, stats_seq)
		SELECT i.vehicle_id, i.company_id, i.dataset, i.time, i.engine_rpm, i.fuel_percent, i.odometer_meters, i.engine_seconds, i.speed, i.engine_state, i.battery_milli_volts, i.engine_coolant_temperature_milli_c, i.ambient_air_temperature_milli_c, i.engine_load_percent, i.def_level_milli_percent, i.gps_odometer_meters, i.fuel_consumed_milliliters, i.aux_input_1, i.aux_input_2, i.aux_input_3, i.seq
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
