-- The ELD self-monitoring state of each vehicle between telemetry batches (issue 35, item 5; docs/decisions.md):
-- the position and engine-data gaps of the last 24 hours and the malfunctions and diagnostics the monitors hold active.
ALTER TABLE "driving_detector_states" ADD COLUMN "eld_monitors" jsonb DEFAULT '{}'::jsonb NOT NULL;
