CREATE TABLE "camera_secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"plan_tier" text DEFAULT 'Standard' NOT NULL,
	"modules" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_key_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"api_key_id" text NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"environment" text NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"hash" text NOT NULL,
	"start" text NOT NULL,
	"ip_allowlist" text[] DEFAULT '{}' NOT NULL,
	"api_version" text NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"name" text NOT NULL,
	"username" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"license_number" text DEFAULT '' NOT NULL,
	"license_state" text DEFAULT '' NOT NULL,
	"timezone" text DEFAULT 'America/Chicago' NOT NULL,
	"day_start_hour" smallint DEFAULT 0 NOT NULL,
	"hos_ruleset" text DEFAULT 'us70_8' NOT NULL,
	"eld_exempt" boolean DEFAULT false NOT NULL,
	"eld_exempt_reason" text DEFAULT '' NOT NULL,
	"activation_status" text DEFAULT 'active' NOT NULL,
	"static_assigned_vehicle_id" integer,
	"external_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"vin" text NOT NULL,
	"name" text NOT NULL,
	"plate_number" text DEFAULT '' NOT NULL,
	"make" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"year" smallint,
	"trailers" text DEFAULT '' NOT NULL,
	"type_id" integer DEFAULT 1 NOT NULL,
	"type_name" text DEFAULT 'Truck' NOT NULL,
	"sub_type" text,
	"device_id" text,
	"external_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_counters" (
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "feed_counters_company_id_dataset_pk" PRIMARY KEY("company_id","dataset")
);
--> statement-breakpoint
CREATE TABLE "vehicle_state" (
	"vehicle_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"location_time" timestamp with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"speed" real,
	"heading" real,
	"hdop" real,
	"satellites" smallint,
	"location_seq" bigint,
	"stats_time" timestamp with time zone,
	"engine_rpm" real,
	"fuel_percent" real,
	"odometer_meters" double precision,
	"engine_seconds" double precision,
	"ecu_speed" real,
	"engine_state" text,
	"stats_seq" bigint
);
--> statement-breakpoint
CREATE TABLE "camera_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"event_id" text NOT NULL,
	"device_id" text NOT NULL,
	"vehicle_id" integer,
	"vin" text,
	"kind" text NOT NULL,
	"media_url" text NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_proposed_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"vehicle_id" integer NOT NULL,
	"driver_id" integer,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fault_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"vehicle_id" integer NOT NULL,
	"protocol" text NOT NULL,
	"spn_id" integer,
	"fmi_id" smallint,
	"source_address" smallint,
	"dtc_short_code" text,
	"description" text DEFAULT '' NOT NULL,
	"occurrence_count" integer DEFAULT 1 NOT NULL,
	"mil_status" boolean DEFAULT false NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fuel_stop_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"vehicle_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"fuel_prices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hos_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"driver_id" integer NOT NULL,
	"vehicle_id" integer,
	"status" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"adverse_driving" boolean DEFAULT false NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"remark" text DEFAULT '' NOT NULL,
	"origin" text DEFAULT 'automatic' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"last_allowed" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waste_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"dataset" text DEFAULT 'live' NOT NULL,
	"scheduled_date" timestamp with time zone NOT NULL,
	"service_type" text NOT NULL,
	"status" text NOT NULL,
	"pick_up_client_name" text NOT NULL,
	"pick_up_address" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"assigned_to_asset_id" integer,
	"assigned_to_driver_id" integer,
	"tonnage" real DEFAULT 0 NOT NULL,
	"utc_created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camera_secrets" ADD CONSTRAINT "camera_secrets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_events" ADD CONSTRAINT "api_key_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_events" ADD CONSTRAINT "api_key_events_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_events" ADD CONSTRAINT "api_key_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_keys" ADD CONSTRAINT "client_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "camera_secrets_secret_idx" ON "camera_secrets" USING btree ("secret");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "api_key_events_company_idx" ON "api_key_events" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "api_keys" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "api_keys_company_idx" ON "api_keys" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "client_keys_hash_idx" ON "client_keys" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_username_idx" ON "drivers" USING btree ("company_id","dataset","username");--> statement-breakpoint
CREATE INDEX "drivers_tenant_idx" ON "drivers" USING btree ("company_id","dataset","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_vin_idx" ON "vehicles" USING btree ("company_id","dataset","vin");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_device_idx" ON "vehicles" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "vehicles_tenant_idx" ON "vehicles" USING btree ("company_id","dataset","id");--> statement-breakpoint
CREATE INDEX "vehicle_state_tenant_idx" ON "vehicle_state" USING btree ("company_id","dataset","vehicle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "camera_events_event_idx" ON "camera_events" USING btree ("company_id","event_id");--> statement-breakpoint
CREATE INDEX "camera_events_vehicle_idx" ON "camera_events" USING btree ("company_id","dataset","vehicle_id","captured_at");--> statement-breakpoint
CREATE INDEX "driver_proposed_stops_vehicle_idx" ON "driver_proposed_stops" USING btree ("company_id","dataset","vehicle_id","created_at");--> statement-breakpoint
CREATE INDEX "fault_codes_vehicle_idx" ON "fault_codes" USING btree ("vehicle_id","first_seen_at");--> statement-breakpoint
CREATE INDEX "fault_codes_active_idx" ON "fault_codes" USING btree ("company_id","dataset","vehicle_id") WHERE cleared_at is null;--> statement-breakpoint
CREATE INDEX "fuel_stop_proposals_vehicle_idx" ON "fuel_stop_proposals" USING btree ("company_id","dataset","vehicle_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hos_logs_driver_time_idx" ON "hos_logs" USING btree ("driver_id","start_time");--> statement-breakpoint
CREATE INDEX "hos_logs_tenant_time_idx" ON "hos_logs" USING btree ("company_id","dataset","start_time");--> statement-breakpoint
CREATE INDEX "waste_jobs_scheduled_idx" ON "waste_jobs" USING btree ("company_id","dataset","scheduled_date","id");--> statement-breakpoint
CREATE INDEX "waste_jobs_status_idx" ON "waste_jobs" USING btree ("company_id","dataset","status","scheduled_date");--> statement-breakpoint
CREATE INDEX "waste_jobs_asset_idx" ON "waste_jobs" USING btree ("company_id","dataset","assigned_to_asset_id","scheduled_date");