import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "@/db/client";
import { companies } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError, fromZodError } from "@/lib/platform/errors";

/** 49 CFR 396.11(a)(4): a report, its repair certification and its review are kept three months. */
export const MIN_RETENTION_MONTHS = 3;
/** Ten years: longer than any rule asks; a carrier who wants more keeps reports forever. */
export const MAX_RETENTION_MONTHS = 120;

/** Months to keep inspection reports, or null: forever. */
export const retentionMonthsSchema = z
  .number()
  .int("Whole months.")
  .min(MIN_RETENTION_MONTHS, `At least ${MIN_RETENTION_MONTHS} months: 49 CFR 396.11 keeps reports three months.`)
  .max(MAX_RETENTION_MONTHS, `At most ${MAX_RETENTION_MONTHS} months, or keep them forever.`)
  .nullable();

const select = async (db: Executor, companyId: number, lock = false) => {
  const query = db.select({ months: companies.dvirRetentionMonths }).from(companies).where(eq(companies.id, companyId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("not_found", `No company with id ${companyId}.`);
  return row.months;
};

/** How long the company keeps its inspection reports: months, or null for forever (the same for its live and sandbox data). */
export const getDvirRetention = async ({ db, companyId }: { db: Executor; companyId: number }) => ({ months: await select(db, companyId) });

/** Sets how long the company keeps its inspection reports; 400 under three months or over the maximum. Audited when it changes. */
export const setDvirRetention = async ({ db, companyId, months, actor }: { db: Executor; companyId: number; months: unknown; actor: AuditActor }) => {
  const parsed = retentionMonthsSchema.safeParse(months);
  if (!parsed.success) throw fromZodError(parsed.error, "months");
  return db.transaction(async (tx) => {
    const before = await select(tx, companyId, true);
    if (before === parsed.data) return { months: before };
    await tx.update(companies).set({ dvirRetentionMonths: parsed.data }).where(eq(companies.id, companyId));
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "inspection_settings.updated",
      target: { type: "inspection_settings", id: companyId },
      changes: { dvirRetentionMonths: { before, after: parsed.data } },
    });
    return { months: parsed.data };
  });
};
