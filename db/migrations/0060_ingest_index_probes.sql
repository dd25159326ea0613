-- The ingest functions price an index probe of the tenant's vehicles and states as a cached page (random_page_cost
-- 1.1, PostgreSQL's default 4 prices a disk seek). Those rows are read every second by every write, so they are in
-- shared buffers; at the default, a write of a few hundred of a large fleet's vehicles (tracker connections' batches:
-- 700 of 10,000) hash-joined all 10,000 vehicles and states, three times, and cost half again as much
-- (docs/scaling.md "Issue 37, session 23"). A write of the whole fleet still hash-joins: its plan does not change.
ALTER FUNCTION ingest_positions(integer, text, integer[], bigint[], double precision[], double precision[], real[], real[], real[], real[],
	smallint[], real[], real[], real[], boolean[]) SET random_page_cost = 1.1;--> statement-breakpoint
ALTER FUNCTION ingest_stats(integer, text, integer[], bigint[], real[], real[], double precision[], double precision[], real[], text[], real[],
	real[], real[], real[], real[], double precision[], double precision[], boolean[], boolean[], boolean[], boolean[]) SET random_page_cost = 1.1;
