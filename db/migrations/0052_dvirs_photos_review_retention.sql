CREATE TABLE "dvir_defect_photos" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"driver_id" integer NOT NULL,
	"dvir_id" integer,
	"defect_id" integer,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dvir_defect_photos_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "dvirs" ADD COLUMN "review_driver_id" integer;--> statement-breakpoint
ALTER TABLE "dvirs" ADD COLUMN "review_signature_name" text;--> statement-breakpoint
ALTER TABLE "dvirs" ADD COLUMN "review_signed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "dvir_defect_photos_defect_idx" ON "dvir_defect_photos" USING btree ("company_id","defect_id");--> statement-breakpoint
CREATE INDEX "dvir_defect_photos_pending_idx" ON "dvir_defect_photos" USING btree ("company_id","created_at") WHERE "dvir_defect_photos"."defect_id" is null;