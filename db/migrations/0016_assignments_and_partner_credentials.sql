CREATE TABLE "driver_vehicle_assignments" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"driver_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"is_passenger" boolean DEFAULT false NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"source_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_vehicle_assignments_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "camera_secrets" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_keys" ADD COLUMN "start" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_keys" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
CREATE INDEX "driver_vehicle_assignments_vehicle_idx" ON "driver_vehicle_assignments" USING btree ("company_id","dataset","vehicle_id","start_time");--> statement-breakpoint
CREATE INDEX "driver_vehicle_assignments_driver_idx" ON "driver_vehicle_assignments" USING btree ("company_id","dataset","driver_id","start_time");--> statement-breakpoint
ALTER TABLE "client_keys" ADD CONSTRAINT "client_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;