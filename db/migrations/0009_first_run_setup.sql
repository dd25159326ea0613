CREATE TABLE "setup_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "distance_unit" text DEFAULT 'mi' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "setup_tokens_token_hash_idx" ON "setup_tokens" USING btree ("token_hash");