import type { Executor } from "@/db/client";
import { auditEvents, type AuditChanges } from "@/db/schema";
import type { AuditAction, AuditTargetType } from "./audit-actions";
import type { AuditActor } from "./audit-actor";

// Fields that are never stored, whatever a caller passes: secrets and their hashes.
const SECRET_FIELDS = new Set(["password", "hash", "key", "secret", "token"]);

/** JSON-safe and comparable: dates as ISO text, undefined as null. */
const normalize = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value === undefined ? null : value);

/**
 * The fields of `after` whose values differ from `before` (null `before`: a created record, every
 * given field). Secrets are left out.
 */
export const changedFields = ({ before, after }: { before: Record<string, unknown> | null; after: Record<string, unknown> }): AuditChanges => {
  const changes: AuditChanges = {};
  for (const [field, value] of Object.entries(after)) {
    if (SECRET_FIELDS.has(field) || value === undefined) continue;
    const old = before ? normalize(before[field]) : null;
    const now = normalize(value);
    if (JSON.stringify(old) !== JSON.stringify(now)) changes[field] = { before: old, after: now };
  }
  return changes;
};

type RecordAuditEventOptions = {
  /** The transaction of the change itself, so the event and the change commit or roll back together. */
  db: Executor;
  companyId: number;
  actor: AuditActor;
  action: AuditAction;
  target: { type: AuditTargetType; id: string | number };
  changes?: AuditChanges;
  /** Why a `*.denied` action was refused. */
  reason?: string;
};

/** Appends one event to the company's audit log; the time is the database's clock. */
export const recordAuditEvent = async ({ db, companyId, actor, action, target, changes = {}, reason }: RecordAuditEventOptions): Promise<void> => {
  const safeChanges = Object.fromEntries(Object.entries(changes).filter(([field]) => !SECRET_FIELDS.has(field)));
  await db.insert(auditEvents).values({
    companyId,
    actorType: actor.type,
    actorId: actor.id,
    actorName: actor.name,
    actorIp: actor.ip,
    action,
    targetType: target.type,
    targetId: String(target.id),
    changes: safeChanges,
    reason: reason ?? null,
    requestId: actor.requestId,
  });
};
