import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tenantColumns, utc } from "./columns";

/**
 * A public, read-only link to one vehicle's live position (Samsara's /live-shares, type
 * `assetsLocation`). The link's secret token is stored only as its SHA-256 (`token_hash`), like every
 * other token; the token begins with the company id so the public page finds the row with a query on
 * one shard. `token_start` (the company id and four characters) is what the list shows of it. Deleting a link revokes it (`revoked_at`): its page and
 * open streams stop, and the audit log keeps who shared what.
 */
export const liveShares = pgTable(
  "live_shares",
  {
    id: serial("id").notNull(),
    ...tenantColumns(),
    name: text("name").notNull(),
    description: text("description"),
    vehicleId: integer("vehicle_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    tokenStart: text("token_start").notNull(),
    /** Null: never expires (Samsara's default). */
    expiresAt: utc("expires_at"),
    createdAt: createdAt(),
    revokedAt: utc("revoked_at"),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex("live_shares_token_hash_idx").on(t.companyId, t.tokenHash),
    index("live_shares_tenant_idx")
      .on(t.companyId, t.dataset)
      .where(sql`revoked_at is null`),
  ],
);
