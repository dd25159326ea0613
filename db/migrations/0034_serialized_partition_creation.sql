-- Concurrent callers creating the same day's partitions (the first batches after midnight, from several
-- requests or instances) raced: CREATE TABLE IF NOT EXISTS does not see a table another transaction is
-- creating, and the loser failed with "relation already exists" (its batch a 500). One caller at a time
-- now: the lock is held to the end of the caller's transaction, so the next sees the tables and skips them.
CREATE OR REPLACE FUNCTION ensure_telemetry_partitions(from_day date, to_day date) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	d date := from_day;
	parent text;
BEGIN
	PERFORM pg_advisory_xact_lock(hashtext('ensure_telemetry_partitions'));
	WHILE d <= to_day LOOP
		FOREACH parent IN ARRAY ARRAY['vehicle_positions', 'vehicle_stat_samples', 'vehicle_location_rollups', 'vehicle_stat_rollups'] LOOP
			EXECUTE format(
				'CREATE TABLE IF NOT EXISTS %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
				parent || '_' || to_char(d, 'YYYYMMDD'), parent,
				(d::timestamp AT TIME ZONE 'UTC'), ((d + 1)::timestamp AT TIME ZONE 'UTC'));
		END LOOP;
		d := d + 1;
	END LOOP;
END $$;
