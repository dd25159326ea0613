import type { Database, Executor } from "@/db/client";
import { AppError } from "@/lib/platform/errors";
import type { AuditAction, AuditTargetType } from "./audit-actions";
import type { AuditActor } from "./audit-actor";
import { recordAuditEvent } from "./record-audit-event";

/** The audit targets that have a `<type>.revoked` action. */
type RevocableTarget = AuditAction extends infer Action ? (Action extends `${infer Type}.revoked` ? Type & AuditTargetType : never) : never;

type RevokeOnceOptions<T extends { revokedAt: Date | null }> = {
  db: Database;
  companyId: number;
  actor: AuditActor;
  target: { type: RevocableTarget; id: string | number };
  /** The conditional update: stamps revokedAt on the company's row if not yet revoked, and returns it. */
  revoke: (tx: Executor) => Promise<T | undefined>;
  /** The company's row as it is (already revoked), or undefined for an id the company does not have. */
  find: (tx: Executor) => Promise<T | undefined>;
  /** The 404's message. */
  notFound: string;
};

/**
 * The one way a credential (API key, ClientKey, camera secret) is revoked: in one transaction, the first
 * revoke stamps revokedAt and records `<type>.revoked`; revoking again keeps the first time and records
 * nothing; another company's id is 404.
 */
export const revokeOnce = <T extends { revokedAt: Date | null }>({ db, companyId, actor, target, revoke, find, notFound }: RevokeOnceOptions<T>): Promise<T> =>
  db.transaction(async (tx) => {
    const revoked = await revoke(tx);
    if (revoked) {
      await recordAuditEvent({
        db: tx,
        companyId,
        actor,
        action: `${target.type}.revoked`,
        target,
        changes: { revokedAt: { before: null, after: revoked.revokedAt?.toISOString() ?? null } },
      });
      return revoked;
    }
    const existing = await find(tx);
    if (!existing) throw new AppError("not_found", notFound);
    return existing;
  });
