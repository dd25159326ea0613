-- Time series, range-partitioned by day on "time". drizzle-kit cannot express partitioning, so this
-- migration is written by hand; db/schema/telemetry.ts mirrors it for typed queries.
CREATE TABLE "vehicle_positions" (
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"vehicle_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"seq" bigint NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"speed" real DEFAULT 0 NOT NULL,
	"heading" real DEFAULT 0 NOT NULL,
	"altitude" real,
	"hdop" real,
	"satellites" smallint,
	"accuracy" real,
	"distance" real DEFAULT 0 NOT NULL,
	"battery" real,
	PRIMARY KEY ("vehicle_id", "time")
) PARTITION BY RANGE ("time");
--> statement-breakpoint
CREATE INDEX "vehicle_positions_feed_idx" ON "vehicle_positions" ("company_id", "dataset", "seq");
--> statement-breakpoint
CREATE TABLE "vehicle_stat_samples" (
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"vehicle_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"seq" bigint NOT NULL,
	"engine_rpm" real,
	"fuel_percent" real,
	"odometer_meters" double precision,
	"engine_seconds" double precision,
	"speed" real,
	"engine_state" text,
	PRIMARY KEY ("vehicle_id", "time")
) PARTITION BY RANGE ("time");
--> statement-breakpoint
CREATE INDEX "vehicle_stat_samples_feed_idx" ON "vehicle_stat_samples" ("company_id", "dataset", "seq");
--> statement-breakpoint
-- Creates the daily partitions of both tables covering [from_day, to_day]; existing ones are kept.
CREATE FUNCTION ensure_telemetry_partitions(from_day date, to_day date) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	d date := from_day;
	parent text;
BEGIN
	WHILE d <= to_day LOOP
		FOREACH parent IN ARRAY ARRAY['vehicle_positions', 'vehicle_stat_samples'] LOOP
			EXECUTE format(
				'CREATE TABLE IF NOT EXISTS %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
				parent || '_' || to_char(d, 'YYYYMMDD'), parent,
				(d::timestamp AT TIME ZONE 'UTC'), ((d + 1)::timestamp AT TIME ZONE 'UTC'));
		END LOOP;
		d := d + 1;
	END LOOP;
END $$;
--> statement-breakpoint
-- Drops the daily partitions that end on or before cutoff_day; returns the names dropped.
CREATE FUNCTION drop_telemetry_partitions_before(cutoff_day date) RETURNS SETOF text
LANGUAGE plpgsql AS $$
DECLARE
	part record;
BEGIN
	FOR part IN
		SELECT c.relname
		FROM pg_inherits i
		JOIN pg_class c ON c.oid = i.inhrelid
		JOIN pg_class p ON p.oid = i.inhparent
		WHERE p.relname IN ('vehicle_positions', 'vehicle_stat_samples')
			AND c.relname ~ '_[0-9]{8}$'
			AND to_date(right(c.relname, 8), 'YYYYMMDD') < cutoff_day
	LOOP
		EXECUTE format('DROP TABLE %I', part.relname);
		RETURN NEXT part.relname;
	END LOOP;
END $$;
