-- The facts an ELD output file needs (49 CFR 395 subpart B, Appendix A 4.8.2.1.1): the carrier's USDOT number,
-- legal name and office, the ELD registration id and identifier, and each vehicle's power unit number.
-- Plain added columns with defaults: Citus propagates them to every shard.
ALTER TABLE "companies" ADD COLUMN "usdot_number" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "carrier_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "main_office_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "eld_registration_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "eld_identifier" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "power_unit_number" text DEFAULT '' NOT NULL;