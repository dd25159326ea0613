import { getDb, type Executor } from "@/db/client";
import { recordAuditEvent, type AuditAction, type AuditActor, type AuditTargetType } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { canDo, type Action, type PolicyRole } from "./role-policy";

type AuthorizeActionOptions = {
  db?: Executor;
  user: { role: PolicyRole; companyId: number };
  action: Action;
  actor: AuditActor;
  /** The `*.denied` event to record when the role may not: a crafted form post or server-action call. */
  denied: { action: Extract<AuditAction, `${string}.denied`>; target: { type: AuditTargetType; id: string | number } };
};

/**
 * Lets the action through when the user's role may do it; otherwise records the refusal in the audit
 * log (on its own: there is no change to roll back with it) and throws 403.
 */
export const authorizeAction = async ({ db = getDb(), user, action, actor, denied }: AuthorizeActionOptions): Promise<void> => {
  if (canDo(user.role, action)) return;
  const reason = `The ${user.role} role may not ${action}.`;
  await recordAuditEvent({ db, companyId: user.companyId, actor, action: denied.action, target: denied.target, reason });
  throw new AppError("forbidden", reason);
};
