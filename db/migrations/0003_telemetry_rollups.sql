-- Pre-aggregated history (docs/decisions.md "## Scale"). Written by hand: partitioned like the raw
-- series (one partition a day on "bucket"), so retention drops raw rows and rollups together.
-- "width" is the bucket in seconds: 60 and 900. Filled by the rollup job (lib/telemetry-rollups)
-- from the raw rows up to rollup_progress.rolled_up_to; late points are queued in rollup_dirty.
CREATE TABLE "vehicle_location_rollups" (
	"vehicle_id" integer NOT NULL,
	"width" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text NOT NULL,
	"points" integer NOT NULL,
	"last_time" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"speed" real NOT NULL,
	"heading" real NOT NULL,
	"speed_sum" double precision NOT NULL,
	"speed_max" real NOT NULL,
	"distance_sum" double precision NOT NULL,
	PRIMARY KEY ("vehicle_id", "width", "bucket")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "vehicle_stat_rollups" (
	"vehicle_id" integer NOT NULL,
	"width" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text NOT NULL,
	"samples" integer NOT NULL,
	"last_time" timestamp with time zone NOT NULL,
	"engine_rpm_sum" double precision NOT NULL,
	"engine_rpm_count" integer NOT NULL,
	"fuel_percent_sum" double precision NOT NULL,
	"fuel_percent_count" integer NOT NULL,
	"speed_sum" double precision NOT NULL,
	"speed_count" integer NOT NULL,
	"odometer_meters_max" double precision,
	"engine_seconds_max" double precision,
	"fuel_percent_last" real,
	PRIMARY KEY ("vehicle_id", "width", "bucket")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
-- One row. Raw rows older than "watermark" that arrive late are queued in rollup_dirty by the
-- ingesting transaction; "rolled_up_to" is how far the rollups are complete (history reads raw past it).
CREATE TABLE "rollup_progress" (
	"id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"watermark" timestamp with time zone,
	"rolled_up_to" timestamp with time zone
);
--> statement-breakpoint
INSERT INTO "rollup_progress" ("id") VALUES (1);
--> statement-breakpoint
CREATE TABLE "rollup_dirty" (
	"vehicle_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	PRIMARY KEY ("vehicle_id", "bucket")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ensure_telemetry_partitions(from_day date, to_day date) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	d date := from_day;
	parent text;
BEGIN
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION drop_telemetry_partitions_before(cutoff_day date) RETURNS SETOF text
LANGUAGE plpgsql AS $$
DECLARE
	part record;
BEGIN
	FOR part IN
		SELECT c.relname
		FROM pg_inherits i
		JOIN pg_class c ON c.oid = i.inhrelid
		JOIN pg_class p ON p.oid = i.inhparent
		WHERE p.relname IN ('vehicle_positions', 'vehicle_stat_samples', 'vehicle_location_rollups', 'vehicle_stat_rollups')
			AND c.relname ~ '_[0-9]{8}$'
			AND to_date(right(c.relname, 8), 'YYYYMMDD') < cutoff_day
		ORDER BY c.relname
	LOOP
		EXECUTE format('DROP TABLE %I', part.relname);
		RETURN NEXT part.relname;
	END LOOP;
	DELETE FROM rollup_dirty WHERE bucket < (cutoff_day::timestamp AT TIME ZONE 'UTC');
END $$;
--> statement-breakpoint
-- Rollup partitions for the days that already have raw partitions.
DO $$
DECLARE
	part record;
BEGIN
	FOR part IN
		SELECT DISTINCT to_date(right(c.relname, 8), 'YYYYMMDD') AS day
		FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
		WHERE p.relname = 'vehicle_positions' AND c.relname ~ '_[0-9]{8}$'
	LOOP
		PERFORM ensure_telemetry_partitions(part.day, part.day);
	END LOOP;
END $$;
--> statement-breakpoint
-- The rollup job reads raw rows by time across all vehicles; the (vehicle_id, time) key cannot serve
-- that. Rows arrive roughly in time order, so a BRIN index is tiny and cheap to maintain.
CREATE INDEX "vehicle_positions_time_brin" ON "vehicle_positions" USING brin ("time");
--> statement-breakpoint
CREATE INDEX "vehicle_stat_samples_time_brin" ON "vehicle_stat_samples" USING brin ("time");
