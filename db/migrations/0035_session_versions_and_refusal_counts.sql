ALTER TABLE "drivers" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "aggregate_key" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "repeat_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_aggregate_idx" ON "audit_events" USING btree ("company_id","aggregate_key");--> statement-breakpoint
-- Floods of refusals (failed sign-ins, scope refusals) are counted on one row per window instead of
-- one row each: an UPDATE may raise repeat_count and change nothing else; every other UPDATE and every
-- DELETE is still refused.
CREATE OR REPLACE FUNCTION "audit_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND NEW.repeat_count > OLD.repeat_count AND (to_jsonb(NEW) - 'repeat_count') = (to_jsonb(OLD) - 'repeat_count') THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'audit_events is append only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
