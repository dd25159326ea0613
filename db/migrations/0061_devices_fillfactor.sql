-- Each bound device's row is rewritten every few seconds with its last message (lib/ingestion/trackers/last-messages.ts:
-- 2,000 rows a second for 10,000 trackers). Room left on each page keeps those rewrites HOT (no new entry in the four
-- indexes): at the default (100) about half of them were not, measured by the tracker bench (docs/scaling.md "Issue 37,
-- session 23"). As vehicle_state's (0004). Pages written before this keep their fill until rewritten.
ALTER TABLE "devices" SET (fillfactor = 50);
