CREATE TABLE "live_shares" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"vehicle_id" integer NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "live_shares_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "live_shares_token_idx" ON "live_shares" USING btree ("company_id","token");--> statement-breakpoint
CREATE INDEX "live_shares_tenant_idx" ON "live_shares" USING btree ("company_id","dataset") WHERE revoked_at is null;