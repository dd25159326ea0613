-- Live sharing links kept their token in clear: anyone who could read the table (a backup, a replica,
-- a support query) could open every working link. The token is now stored as its SHA-256 (hex), as API
-- keys, ingest tokens and ClientKeys are, with a visible start (the company id and four characters) for
-- the list. Existing links are hashed in place and keep working: the page hashes the token it is given.
ALTER TABLE "live_shares" RENAME COLUMN "token" TO "token_hash";--> statement-breakpoint
ALTER TABLE "live_shares" ADD COLUMN "token_start" text;--> statement-breakpoint
-- decode(…, 'escape') rather than convert_to: Citus refuses a STABLE function over a column in a distributed
-- statement, and a token is base62 and "_", whose bytes both give alike.
UPDATE "live_shares" SET "token_start" = left("token_hash", strpos("token_hash", '_') + 4), "token_hash" = encode(sha256(decode("token_hash", 'escape')), 'hex');--> statement-breakpoint
ALTER TABLE "live_shares" ALTER COLUMN "token_start" SET NOT NULL;--> statement-breakpoint
ALTER INDEX "live_shares_token_idx" RENAME TO "live_shares_token_hash_idx";
