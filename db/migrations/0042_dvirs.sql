CREATE TABLE "dvir_defect_types" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"label" text NOT NULL,
	"section_type" text DEFAULT 'other' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dvir_defect_types_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "dvir_defects" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"dvir_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"defect_type_id" integer NOT NULL,
	"defect_type_label" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"is_resolved" boolean DEFAULT false NOT NULL,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"resolved_by_type" text,
	"resolved_by_id" text,
	"resolved_by_name" text,
	"mechanic_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dvir_defects_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "dvirs" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"type" text NOT NULL,
	"vehicle_id" integer NOT NULL,
	"trailer_name" text,
	"driver_id" integer,
	"author_user_id" integer,
	"odometer_meters" double precision,
	"safety_status" text NOT NULL,
	"license_plate" text,
	"location" text,
	"mechanic_notes" text,
	"signature_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"idempotency_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dvirs_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dvir_defect_types_label_idx" ON "dvir_defect_types" USING btree ("company_id","dataset","label");--> statement-breakpoint
CREATE INDEX "dvir_defects_dvir_idx" ON "dvir_defects" USING btree ("company_id","dvir_id");--> statement-breakpoint
CREATE INDEX "dvir_defects_updated_idx" ON "dvir_defects" USING btree ("company_id","dataset","updated_at","id");--> statement-breakpoint
CREATE INDEX "dvir_defects_vehicle_idx" ON "dvir_defects" USING btree ("company_id","dataset","vehicle_id","is_resolved");--> statement-breakpoint
CREATE UNIQUE INDEX "dvirs_idempotency_idx" ON "dvirs" USING btree ("company_id","dataset","idempotency_key");--> statement-breakpoint
CREATE INDEX "dvirs_updated_idx" ON "dvirs" USING btree ("company_id","dataset","updated_at","id");--> statement-breakpoint
CREATE INDEX "dvirs_vehicle_idx" ON "dvirs" USING btree ("company_id","dataset","vehicle_id","submitted_at");