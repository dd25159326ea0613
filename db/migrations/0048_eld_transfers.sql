CREATE TABLE "eld_transfers" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"driver_id" integer,
	"method" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"output_file_comment" text DEFAULT '' NOT NULL,
	"test" boolean NOT NULL,
	"succeeded" boolean NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"outcome" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eld_transfers_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE INDEX "eld_transfers_time_idx" ON "eld_transfers" USING btree ("company_id","dataset","created_at");