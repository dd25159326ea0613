import { and, eq, sql } from "drizzle-orm";
import { getDb, type Executor } from "@/db/client";
import { users } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditAction, type AuditActor } from "@/lib/platform/audit";
import { sessionCheck } from "@/lib/access/auth/session-check";
import { AppError, fromZodError } from "@/lib/platform/errors";
import { userChangeSchema } from "./user-input";
import { USER_COLUMNS, type UserRow } from "./user-record";

type UpdateUserOptions = { db?: Executor; companyId: number; userId: number; input: unknown; actor: AuditActor };

const isActiveAdmin = (user: { role: string; status: string }) => user.role === "admin" && user.status === "active";

/**
 * Refuses a change that would leave the company without an active admin. The company's active
 * admins are locked first (one company: a router query on Citus), so two admins demoting each other
 * at once cannot both succeed.
 */
const assertAnotherAdmin = async (db: Executor, companyId: number, user: UserRow) => {
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, "admin"), eq(users.status, "active")))
    .for("update");
  if (admins.every((admin) => admin.id === user.id)) {
    throw new AppError("conflict", `${user.name} is the last active admin of the company: make another user an admin first.`);
  }
};

/** The audit action for each kind of change; a change of several kinds records one event each. */
const eventsFor = (before: UserRow, after: { name?: string; role?: string; status?: string }) => {
  const events: { action: AuditAction; fields: Record<string, unknown> }[] = [];
  if (after.name !== undefined && after.name !== before.name) events.push({ action: "user.updated", fields: { name: after.name } });
  if (after.role !== undefined && after.role !== before.role) events.push({ action: "user.role_changed", fields: { role: after.role } });
  if (after.status !== undefined && after.status !== before.status) {
    events.push({ action: after.status === "deactivated" ? "user.deactivated" : "user.reactivated", fields: { status: after.status } });
  }
  return events;
};

/**
 * Renames a user, changes their role, deactivates or reactivates them. Deactivating or a new role
 * raises the session version (every open session ends at its next check, ≤ SESSION_CHECK_SECONDS,
 * and every admin token at once); deactivating refuses sign-in; reactivating an invited user is refused (they still have to accept). The last active
 * admin can be neither demoted nor deactivated (409 naming why). 404 for another company's user.
 */
export const updateUser = async ({ db = getDb(), companyId, userId, input, actor }: UpdateUserOptions): Promise<UserRow> => {
  const parsed = userChangeSchema.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error, "user");
  const change = parsed.data;
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx
      .select(USER_COLUMNS)
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    if (!before) throw new AppError("not_found", `No user ${userId}.`);
    if (change.status === "active" && before.status === "invited") throw new AppError("conflict", `${before.email} has not accepted the invite yet.`);
    const target = { role: change.role ?? before.role, status: change.status ?? before.status };
    if (isActiveAdmin(before) && !isActiveAdmin(target)) await assertAnotherAdmin(tx, companyId, before);
    const events = eventsFor(before, change);
    if (events.length === 0) return before;
    // Deactivating or changing the role ends every session and admin token of the user.
    const endsSessions = events.some((event) => event.action === "user.deactivated" || event.action === "user.role_changed");
    const [row] = await tx
      .update(users)
      .set({ ...change, ...(endsSessions ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}) })
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
      .returning(USER_COLUMNS);
    for (const event of events) {
      await recordAuditEvent({
        db: tx,
        companyId,
        actor,
        action: event.action,
        target: { type: "user", id: userId },
        changes: changedFields({ before, after: event.fields }),
      });
    }
    return row;
  });
  // This instance applies the change at once; others within SESSION_CHECK_SECONDS.
  sessionCheck.forget(userId);
  return updated;
};
