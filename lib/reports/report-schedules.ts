import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "@/db/client";
import { companies, drivers, REPORT_FREQUENCIES, reportSchedules, vehicles } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError, fromZodError } from "@/lib/platform/errors";
import { whereTenant, type Tenant, type TenantQuery } from "@/lib/platform/tenant";
import { REPORT_KINDS } from "./report-params";
import { lastCompletePeriod } from "./schedule-period";

const ids = z.array(z.coerce.number().int().positive().max(999_999_999)).max(5_000).default([]);

/** A schedule as the Reports page sends it: the report shown (kind, vehicles, drivers), how often, to whom. */
export const reportScheduleSchema = z.strictObject({
  kind: z.enum(REPORT_KINDS),
  vehicleIds: ids,
  driverIds: ids,
  frequency: z.enum(REPORT_FREQUENCIES, { error: "daily or weekly" }),
  recipients: z.array(z.email("not an e-mail address").max(254)).min(1, "give at least one e-mail address").max(20),
});

export type ReportScheduleRow = typeof reportSchedules.$inferSelect;

const audited = (row: ReportScheduleRow) => ({
  kind: row.kind,
  vehicleIds: row.vehicleIds,
  driverIds: row.driverIds,
  frequency: row.frequency,
  recipients: row.recipients,
});

/** 404 naming the field for a vehicle or driver the tenant does not have (another company's included). */
const assertReferences = async ({ db, tenant, vehicleIds, driverIds }: { db: Executor; tenant: Tenant; vehicleIds: number[]; driverIds: number[] }) => {
  for (const [field, table, wanted] of [
    ["vehicleIds", vehicles, vehicleIds],
    ["driverIds", drivers, driverIds],
  ] as const) {
    if (wanted.length === 0) continue;
    const found = new Set(
      (
        await db
          .select({ id: table.id })
          .from(table)
          .where(and(whereTenant(table, tenant), inArray(table.id, wanted)))
      ).map((row) => row.id),
    );
    const missing = wanted.find((id) => !found.has(id));
    if (missing !== undefined) throw new AppError("not_found", `${field}: no ${field === "vehicleIds" ? "vehicle" : "driver"} with id ${missing}.`);
  }
};

/**
 * Schedules a report. Its first mail covers the period now under way, once that period ends (the
 * last complete one counts as already sent): scheduling never mails a report at once.
 */
export const createReportSchedule = ({
  db,
  companyId,
  dataset,
  input,
  actor,
  now = new Date(),
}: TenantQuery & { input: unknown; actor: AuditActor; now?: Date }) =>
  db.transaction(async (tx) => {
    const parsed = reportScheduleSchema.safeParse(input);
    if (!parsed.success) throw fromZodError(parsed.error, "schedule");
    const fields = { ...parsed.data, recipients: [...new Set(parsed.data.recipients.map((email) => email.toLowerCase()))] };
    await assertReferences({ db: tx, tenant: { companyId, dataset }, vehicleIds: fields.vehicleIds, driverIds: fields.driverIds });
    const [company] = await tx.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId));
    const lastPeriodStart = lastCompletePeriod({ frequency: fields.frequency, now, timeZone: company.timeZone }).from;
    const [row] = await tx
      .insert(reportSchedules)
      .values({ companyId, dataset, ...fields, lastPeriodStart })
      .returning();
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "report_schedule.created",
      target: { type: "report_schedule", id: row.id },
      changes: changedFields({ before: null, after: audited(row) }),
    });
    return row;
  });

export const listReportSchedules = ({ db, companyId, dataset }: TenantQuery): Promise<ReportScheduleRow[]> =>
  db.select().from(reportSchedules).where(whereTenant(reportSchedules, { companyId, dataset })).orderBy(asc(reportSchedules.id));

export const deleteReportSchedule = ({ db, companyId, dataset, scheduleId, actor }: TenantQuery & { scheduleId: number; actor: AuditActor }) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .delete(reportSchedules)
      .where(and(whereTenant(reportSchedules, { companyId, dataset }), eq(reportSchedules.id, scheduleId)))
      .returning();
    if (!row) throw new AppError("not_found", `No report schedule with id ${scheduleId}.`);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "report_schedule.deleted",
      target: { type: "report_schedule", id: row.id },
      changes: { kind: { before: row.kind, after: null } },
    });
  });
