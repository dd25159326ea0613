import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies";
import { createdAt, DATASETS, utc } from "./columns";
import { users } from "./users";

/** Public-interface API keys. Only the SHA-256 hash and a short visible start are stored. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    /** `live` keys (`svc_live_`) read live rows, `test` keys (`svc_test_`) the sandbox rows. */
    environment: text("environment", { enum: DATASETS }).notNull(),
    name: text("name").notNull(),
    scopes: text("scopes").array().notNull(),
    hash: text("hash").notNull(),
    start: text("start").notNull(),
    /** IPv4/IPv6 addresses or CIDRs; empty means any address. */
    ipAllowlist: text("ip_allowlist").array().notNull().default([]),
    /** The X-Service-Version used when a request sends none. */
    apiVersion: text("api_version").notNull(),
    expiresAt: utc("expires_at"),
    revokedAt: utc("revoked_at"),
    lastUsedAt: utc("last_used_at"),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_keys_hash_idx").on(t.hash), index("api_keys_company_idx").on(t.companyId, t.createdAt)],
);

/**
 * Legacy-interface ClientKeys, exchanged at GET /api/v1/auth for a short-lived JWT. Stored as the
 * SHA-256 hash and a short visible start; a company may hold several (one per partner).
 */
export const clientKeys = pgTable(
  "client_keys",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    hash: text("hash").notNull(),
    /** The first characters, to tell keys apart on the page (empty for keys made before it was kept). */
    start: text("start").notNull().default(""),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    createdAt: createdAt(),
    revokedAt: utc("revoked_at"),
  },
  (t) => [uniqueIndex("client_keys_hash_idx").on(t.hash)],
);

/**
 * Device/gateway ingestion tokens for POST /ingest/batch: one company and dataset each, sent as
 * `Authorization: Bearer <token>`. Only the SHA-256 hash is stored; revoking sets `revoked_at`.
 */
export const ingestTokens = pgTable(
  "ingest_tokens",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    dataset: text("dataset", { enum: DATASETS }).notNull().default("live"),
    name: text("name").notNull(),
    hash: text("hash").notNull(),
    /** The token's first characters (`ing_AbCd`), to tell tokens apart in the list. */
    start: text("start").notNull().default(""),
    createdAt: createdAt(),
    revokedAt: utc("revoked_at"),
  },
  (t) => [uniqueIndex("ingest_tokens_hash_idx").on(t.hash)],
);
