import type { z } from "zod";
import type { AuditAction, AuditTargetType } from "@/lib/platform/audit";
import type { Action } from "@/lib/access/auth/role-policy";

/** Whose session an action reads: a dashboard user's, a logbook driver's, or none (sign-in, setup, invite, reset). */
export type ActionSession = "user" | "driver" | "none";

export type DeniedEvent = Extract<AuditAction, `${string}.denied`>;

/** What the contract knows of one action: enough to check every role against it without its page. */
export type ActionEntry = {
  session: ActionSession;
  /** The role-policy action it needs (lib/access/auth/role-policy.ts); none: any signed-in user (their own account). */
  action?: Action;
  /** The audit event a refusal records, and the kind of thing it was refused on. */
  denied?: { action: DeniedEvent; target: AuditTargetType };
  input?: z.ZodType;
};

/**
 * Every server action defined with defineAction (app/_server/define-action.ts), by its function:
 * the generated role matrix (tests/access/auth/action-role-matrix.test.ts) walks the exports of every
 * actions.ts and finds each one here, as the API's tests walk FLEET_ENDPOINTS.
 */
export const ACTION_REGISTRY = new Map<(...args: never[]) => unknown, ActionEntry>();
