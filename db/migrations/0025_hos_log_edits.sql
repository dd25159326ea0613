CREATE TABLE "hos_log_edits" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"driver_id" integer NOT NULL,
	"entry_id" integer,
	"status" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"proposed_by_name" text NOT NULL,
	"proposed_by_id" text,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"superseded" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "hos_log_edits_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE INDEX "hos_log_edits_driver_idx" ON "hos_log_edits" USING btree ("company_id","dataset","driver_id","start_time");