ALTER TABLE "companies" ADD COLUMN "dvir_retention_months" smallint DEFAULT 3;--> statement-breakpoint
CREATE INDEX "dvirs_submitted_idx" ON "dvirs" USING btree ("company_id","submitted_at");