import { and, asc, desc, eq, gte, inArray, lt } from "drizzle-orm";
import { z } from "zod";
import { DUTY_STATUSES, hosCertifications, hosLogEdits, hosLogs, type LogEditState } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { getDriver, type DriverRow } from "@/lib/fleet/drivers";
import { AppError, fromZodError } from "@/lib/platform/errors";
import { createDriverCalendar } from "@/lib/hos/rules/driver-calendar";
import type { TenantQuery } from "@/lib/platform/tenant";
import { DUTY_CODE, dutyStatusEventDrafts } from "@/lib/hos/eld-events/duty-status-events";
import { recordEldEvents, setEldRecordStatus } from "@/lib/hos/eld-events/record-eld-events";
import { datesTouched } from "./dates-touched";
import { dutyStatusAt } from "./duty-status-at";
import { planLogEdit, type LogEditProposal } from "./plan-log-edit";

export const logEditInputSchema = z.object({
  entryId: z.number().int().positive().nullable(),
  status: z.enum(DUTY_STATUSES),
  startTime: z.date(),
  endTime: z.date().nullable(),
  remark: z.string().trim().max(300, "at most 300 characters"),
  reason: z.string().trim().min(1, "is required").max(500, "at most 500 characters"),
});
export type LogEditInput = z.input<typeof logEditInputSchema>;

/** The driver's log from the entry before `from` (or before `entryId`'s start, if earlier) onward, oldest first. */
const loadLogAround = async ({ db, companyId, dataset, driverId, from }: TenantQuery & { driverId: number; from: Date }) => {
  const ofDriver = and(eq(hosLogs.companyId, companyId), eq(hosLogs.dataset, dataset), eq(hosLogs.driverId, driverId));
  const [before, after] = await Promise.all([
    db
      .select()
      .from(hosLogs)
      .where(and(ofDriver, lt(hosLogs.startTime, from)))
      .orderBy(desc(hosLogs.startTime))
      .limit(1),
    db
      .select()
      .from(hosLogs)
      .where(and(ofDriver, gte(hosLogs.startTime, from)))
      .orderBy(asc(hosLogs.startTime)),
  ]);
  return [...before, ...after];
};

/** Checks the edit against the log as it is now; what accepting it would change. */
const planAgainstLog = async ({ driver, edit, now, ...tenant }: TenantQuery & { driver: DriverRow; edit: LogEditProposal; now: Date }) => {
  const day = createDriverCalendar(driver).dayContaining(edit.startTime.getTime());
  let from = new Date(day.startMs);
  if (edit.entryId !== null) {
    const [entry] = await tenant.db
      .select({ startTime: hosLogs.startTime })
      .from(hosLogs)
      .where(and(eq(hosLogs.companyId, tenant.companyId), eq(hosLogs.dataset, tenant.dataset), eq(hosLogs.driverId, driver.id), eq(hosLogs.id, edit.entryId)));
    if (!entry) throw new AppError("not_found", `No log entry with id ${edit.entryId}.`);
    if (entry.startTime < from) from = entry.startTime;
  }
  const log = await loadLogAround({ ...tenant, driverId: driver.id, from });
  return planLogEdit({ log, owner: { companyId: tenant.companyId, dataset: tenant.dataset, driverId: driver.id }, edit, now, dayEndMs: day.endMs });
};

/**
 * The records of an accepted edit (4.4.4.2.2): those of the entries it replaced become inactive-changed, the
 * requested record becomes active for the entry it asked for, and the other entries it made are recorded as the
 * requesting user's.
 */
const recordEditEvents = async ({
  edit,
  removed,
  inserted,
  ...tenant
}: TenantQuery & { edit: LogEdit; removed: readonly { id: number }[]; inserted: (typeof hosLogs.$inferSelect)[] }) => {
  await setEldRecordStatus({ ...tenant, status: "inactiveChanged", where: { hosLogIds: removed.map((entry) => entry.id) } });
  const requested = inserted.find((entry) => entry.startTime.getTime() === edit.startTime.getTime() && entry.status === edit.status);
  if (requested) await setEldRecordStatus({ ...tenant, from: "changeRequested", status: "active", hosLogId: requested.id, where: { logEditId: edit.id } });
  const drafts = [];
  for (const entry of inserted) {
    const previous = await dutyStatusAt({ ...tenant, driverId: edit.driverId, at: new Date(entry.startTime.getTime() - 1) });
    const made = dutyStatusEventDrafts({
      entry,
      previousStatus: previous?.status ?? null,
      origin: "otherUser",
      editedBy: { id: edit.proposedById, name: edit.proposedByName },
    });
    drafts.push(...made.filter((draft) => !(entry === requested && draft.type === 1)));
  }
  await recordEldEvents({ ...tenant, drafts });
};

/**
 * A manager proposes an edit of a driver's log with a reason (49 CFR 395.30(c)); the log is
 * unchanged until the driver accepts it. Refused now if it could not be accepted as the log stands.
 * May touch a certified day: accepting withdraws that certification.
 */
export const proposeLogEdit = async ({
  db,
  companyId,
  dataset,
  driverId,
  input,
  actor,
  now = new Date(),
}: TenantQuery & { driverId: number; input: LogEditInput; actor: AuditActor; now?: Date }) => {
  const parsed = logEditInputSchema.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const { reason, ...edit } = parsed.data;
  const driver = await getDriver({ db, companyId, dataset, driverId });
  if (driver.activationStatus !== "active") throw new AppError("bad_request", `Driver ${driverId} is deactivated.`);
  return db.transaction(async (tx) => {
    await planAgainstLog({ db: tx, companyId, dataset, driver, edit, now });
    const [row] = await tx
      .insert(hosLogEdits)
      .values({ companyId, dataset, driverId, ...edit, reason, proposedByName: actor.name, proposedById: actor.id, proposedAt: now })
      .returning({ id: hosLogEdits.id });
    // 4.4.4.2.2: the request is a record of its own, inactive until the driver answers.
    await recordEldEvents({
      db: tx,
      companyId,
      dataset,
      drafts: [
        {
          driverId,
          vehicleId: null,
          type: 1,
          code: DUTY_CODE[edit.status],
          at: edit.startTime,
          origin: "otherUser",
          status: "changeRequested",
          position: null,
          reducedPrecision: edit.status === "personalConveyance",
          comment: reason,
          editedBy: { id: actor.id, name: actor.name },
          logEditId: row.id,
        },
      ],
    });
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "hos_log.edit_proposed",
      target: { type: "hos_log", id: edit.entryId ?? `${driverId}:new` },
      changes: {
        edit: { before: null, after: row.id },
        status: { before: null, after: edit.status },
        startTime: { before: null, after: edit.startTime.toISOString() },
        reason: { before: null, after: reason },
      },
    });
    return { id: row.id };
  });
};

/**
 * The driver answers a proposed edit of their log. Accepted, the entries it replaces are kept with
 * the edit (superseded) and the new ones take effect; the certification of the days it touches is
 * withdrawn. The edit is checked again against the log as it is now. Another driver's edit: 404.
 */
export const answerLogEdit = async ({
  db,
  companyId,
  dataset,
  driverId,
  editId,
  accept,
  actor,
  now = new Date(),
}: TenantQuery & { driverId: number; editId: number; accept: boolean; actor: AuditActor; now?: Date }) => {
  const driver = await getDriver({ db, companyId, dataset, driverId });
  await db.transaction(async (tx) => {
    const where = and(eq(hosLogEdits.companyId, companyId), eq(hosLogEdits.dataset, dataset), eq(hosLogEdits.driverId, driverId), eq(hosLogEdits.id, editId));
    const [edit] = await tx.select().from(hosLogEdits).where(where);
    if (!edit) throw new AppError("not_found", `No log edit with id ${editId}.`);
    if (edit.state !== "pending") throw new AppError("conflict", `This edit is already ${edit.state}.`);
    const target = { type: "hos_log" as const, id: edit.entryId ?? `${driverId}:new` };
    const answered = (state: LogEditState) => ({ edit: { before: null, after: editId }, state: { before: "pending", after: state } });
    if (!accept) {
      await tx.update(hosLogEdits).set({ state: "rejected", answeredAt: now }).where(where);
      await setEldRecordStatus({ db: tx, companyId, dataset, from: "changeRequested", status: "changeRejected", where: { logEditId: editId } });
      await recordAuditEvent({ db: tx, companyId, actor, action: "hos_log.edit_rejected", target, changes: answered("rejected") });
      return;
    }
    const plan = await planAgainstLog({ db: tx, companyId, dataset, driver, edit, now }).catch((error: unknown) => {
      if (error instanceof AppError && error.status < 500)
        throw new AppError("conflict", `Your log changed since this edit was proposed: ${error.message} Reject it and ask your manager again.`);
      throw error;
    });
    if (plan.remove.length > 0)
      await tx.delete(hosLogs).where(
        and(
          eq(hosLogs.companyId, companyId),
          inArray(
            hosLogs.id,
            plan.remove.map((entry) => entry.id),
          ),
        ),
      );
    const inserted = await tx.insert(hosLogs).values(plan.insert).returning();
    await recordEditEvents({ db: tx, companyId, dataset, edit, removed: plan.remove, inserted });
    const times = [...plan.remove, ...plan.insert].map((entry) => entry.startTime!.getTime());
    const touched = datesTouched(driver, new Date(Math.min(...times)), new Date(Math.max(...times, edit.endTime?.getTime() ?? 0)));
    await tx
      .delete(hosCertifications)
      .where(and(eq(hosCertifications.companyId, companyId), eq(hosCertifications.driverId, driverId), inArray(hosCertifications.logDate, touched)));
    const superseded = plan.remove.map((entry) => ({
      id: entry.id,
      status: entry.status,
      startTime: entry.startTime.toISOString(),
      remark: entry.remark,
      origin: entry.origin,
    }));
    await tx.update(hosLogEdits).set({ state: "accepted", answeredAt: now, superseded }).where(where);
    await recordAuditEvent({ db: tx, companyId, actor, action: "hos_log.edit_accepted", target, changes: answered("accepted") });
  });
};

export type LogEdit = typeof hosLogEdits.$inferSelect;

/** The driver's proposed edits, newest first: every state, or those given. */
export const listLogEdits = async ({
  db,
  companyId,
  dataset,
  driverId,
  states,
  limit = 200,
}: TenantQuery & { driverId: number; states?: readonly LogEditState[]; limit?: number }): Promise<LogEdit[]> =>
  db
    .select()
    .from(hosLogEdits)
    .where(
      and(
        eq(hosLogEdits.companyId, companyId),
        eq(hosLogEdits.dataset, dataset),
        eq(hosLogEdits.driverId, driverId),
        states ? inArray(hosLogEdits.state, [...states]) : undefined,
      ),
    )
    .orderBy(desc(hosLogEdits.proposedAt), desc(hosLogEdits.id))
    .limit(limit);
