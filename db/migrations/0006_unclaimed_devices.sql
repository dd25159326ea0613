CREATE TABLE "unclaimed_devices" (
	"identifier" text NOT NULL,
	"protocol" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"remote_address" text NOT NULL,
	"connection_count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "unclaimed_devices_identifier_protocol_pk" PRIMARY KEY("identifier","protocol")
);
