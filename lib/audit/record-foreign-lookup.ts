import type { Executor } from "@/db/client";
import type { AuditActor } from "./audit-actor";
import { recordRefusal } from "./record-refusal";

/** The records whose ids a caller of another company may ask for: each has its `<type>.foreign_lookup` action. */
export type ForeignLookupTarget = "user" | "vehicle" | "driver" | "place" | "tag" | "webhook" | "device";

/**
 * A 404 on an id that another company holds, recorded in THAT company's log (never the caller's:
 * there it would tell which ids exist elsewhere), without the caller's name, key or address (that
 * would tell one tenant about another); the request id leads the operator to the request log.
 * Counted per record and minute (recordRefusal).
 */
export const recordForeignLookup = async ({ db, ownerCompanyId, target, actor }: {
  db: Executor;
  ownerCompanyId: number;
  target: { type: ForeignLookupTarget; id: string | number };
  actor: AuditActor;
}): Promise<void> =>
  recordRefusal({
    db,
    companyId: ownerCompanyId,
    actor: { type: actor.type, id: null, name: "A caller of another company", ip: null, requestId: actor.requestId },
    action: `${target.type}.foreign_lookup`,
    target,
    subject: "another company",
    reason: "Asked for by another company's credential; answered 404.",
  });
