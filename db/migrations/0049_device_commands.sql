CREATE TABLE "device_commands" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"vehicle_id" integer NOT NULL,
	"device_identifier" text NOT NULL,
	"protocol" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by_type" text NOT NULL,
	"requested_by_name" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	CONSTRAINT "device_commands_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE INDEX "device_commands_vehicle_idx" ON "device_commands" USING btree ("company_id","dataset","vehicle_id","id");