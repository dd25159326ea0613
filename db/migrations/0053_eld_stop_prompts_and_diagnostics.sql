CREATE TABLE "driving_stop_prompts" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"driver_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"rested_at" timestamp with time zone NOT NULL,
	"prompted_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"switch_at" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "driving_stop_prompts_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "eld_events" ADD COLUMN "diagnostic_code" text;--> statement-breakpoint
CREATE INDEX "driving_stop_prompts_driver_idx" ON "driving_stop_prompts" USING btree ("company_id","dataset","driver_id","prompted_at");--> statement-breakpoint
CREATE INDEX "driving_stop_prompts_open_idx" ON "driving_stop_prompts" USING btree ("due_at") WHERE "driving_stop_prompts"."answer" is null;