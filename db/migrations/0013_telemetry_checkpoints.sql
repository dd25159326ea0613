CREATE TABLE "telemetry_checkpoints" (
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"processor" text NOT NULL,
	"seq" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telemetry_checkpoints_company_id_dataset_processor_pk" PRIMARY KEY("company_id","dataset","processor")
);
