ALTER TABLE "telemetry_checkpoints" ADD COLUMN "state_seq" bigint;--> statement-breakpoint
ALTER TABLE "trip_detector_states" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;