import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { auditEvents } from "@/db/schema";
import type { AuditAction, AuditTargetType } from "./audit-actions";
import type { AuditActor } from "./audit-actor";

type RecordRefusalOptions = {
  db: Executor;
  companyId: number;
  actor: AuditActor;
  action: AuditAction;
  target: { type: AuditTargetType; id: string | number };
  /** Who or what is refused again and again: an address, an API key. One row per action, target, subject and minute. */
  subject: string;
  reason: string;
  now?: Date;
};

/**
 * Records a refusal that may come in floods (failed or throttled sign-ins, scope refusals): the first
 * of a minute for the same action, target and subject is a row, the others raise its `repeatCount`,
 * so a flood writes at most one row a minute per subject. On its own statement, not the caller's
 * transaction: a refusal has no change to roll back with it. Never pass a secret in `reason`.
 */
export const recordRefusal = async ({ db, companyId, actor, action, target, subject, reason, now = new Date() }: RecordRefusalOptions): Promise<void> => {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
  await db
    .insert(auditEvents)
    .values({
      companyId,
      actorType: actor.type,
      actorId: actor.id,
      actorName: actor.name,
      actorIp: actor.ip,
      action,
      targetType: target.type,
      targetId: String(target.id),
      reason,
      requestId: actor.requestId,
      aggregateKey: JSON.stringify([action, target.type, String(target.id), subject, minute]),
    })
    .onConflictDoUpdate({ target: [auditEvents.companyId, auditEvents.aggregateKey], set: { repeatCount: sql`${auditEvents.repeatCount} + 1` } });
};
