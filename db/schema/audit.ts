import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies";
import { utc } from "./columns";
import { sql } from "drizzle-orm";

/** Who acted: a signed-in user, an API key, an admin-interface token, the operator's CLI, the service itself, or someone not signed in (a refused sign-in). */
export const AUDIT_ACTOR_TYPES = ["user", "api_key", "admin_token", "operator", "system", "driver", "anonymous"] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** One field's value before and after a change; a created record has no `before`, so it is null. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * The company's audit log of administrative actions. Append only: the code has no update or delete
 * path, and a trigger (migration) refuses UPDATE and DELETE. `changes` never holds secrets.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    id: serial("id").notNull(),
    /** The database's clock, so events of every instance sort on one clock. */
    occurredAt: utc("occurred_at")
      .notNull()
      .default(sql`now()`),
    actorType: text("actor_type", { enum: AUDIT_ACTOR_TYPES }).notNull(),
    /** The user id, API key id or admin token's user id, as text; null for the operator and the system. */
    actorId: text("actor_id"),
    /** The actor's name when it acted (a user's name, a key's name), kept even if the actor is renamed or deleted. */
    actorName: text("actor_name").notNull(),
    actorIp: text("actor_ip"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    changes: jsonb("changes").$type<AuditChanges>().notNull().default({}),
    /** Why a refused action was refused (`*.denied`). */
    reason: text("reason"),
    requestId: text("request_id"),
    /**
     * Refusals that come in floods (failed sign-ins, scope refusals) are one row per kind, subject and
     * minute: `aggregateKey` names that window, `repeatCount` counts the refusals in it. The trigger
     * lets an UPDATE raise `repeatCount` and nothing else.
     */
    aggregateKey: text("aggregate_key"),
    repeatCount: integer("repeat_count").notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index("audit_events_company_time_idx").on(t.companyId, t.occurredAt),
    uniqueIndex("audit_events_aggregate_idx").on(t.companyId, t.aggregateKey),
  ],
);
