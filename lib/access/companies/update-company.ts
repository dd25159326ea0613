import { eq } from "drizzle-orm";
import { getDb, type Database } from "@/db/client";
import { companies, drivers } from "@/db/schema";
import { changedFields, recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError, fromZodError } from "@/lib/platform/errors";
import { rebuildActivityDays } from "@/lib/processing/trips/activity-days";
import { companyChangeSchemas, companyColumnsOf, type CompanyEditor } from "./company-input";
import { companyRecordColumns, toCompanyRecord, type CompanyRecord } from "./company-record";

type UpdateCompanyOptions = {
  db?: Database;
  companyId: number;
  /** The fields to change; the others stay. */
  input: unknown;
  /** An admin may change the settings and modules; the operator also the plan. */
  editor: CompanyEditor;
  /** Who changes it, for the audit log (a user of the settings page, or the operator's command line). */
  actor: AuditActor;
};

/**
 * The one way a company's settings change: validated for its editor, written with its audit event
 * in one transaction (nothing is recorded when nothing changed). A new time zone rebuilds the
 * company's activity days in the same transaction.
 */
export const updateCompany = async ({ db = getDb(), companyId, input, editor, actor }: UpdateCompanyOptions): Promise<CompanyRecord> => {
  const parsed = await companyChangeSchemas[editor].safeParseAsync(input);
  if (!parsed.success) throw fromZodError(parsed.error, "company settings");
  const values = Object.fromEntries(Object.entries(companyColumnsOf(parsed.data)).filter(([, value]) => value !== undefined));
  return db.transaction(async (tx) => {
    const [before] = await tx.select(companyRecordColumns).from(companies).where(eq(companies.id, companyId)).for("update");
    if (!before) throw new AppError("not_found", `No company with id ${companyId}.`);
    const changes = changedFields({ before, after: values });
    if (Object.keys(changes).length === 0) return toCompanyRecord(before);
    const [row] = await tx.update(companies).set(values).where(eq(companies.id, companyId)).returning(companyRecordColumns);
    // The activity days are local days: a new zone moves trips and idles across them (docs/decisions.md "Trips, idling and speeding").
    if (changes.timeZone) await rebuildActivityDays({ db: tx, companyId, timeZone: row.timeZone });
    // The company's rules are its drivers' (docs/decisions.md "Units and HOS rules per company"); "none" keeps their cycle for a return to HOS.
    if (changes.hosRules && row.hosRules !== "none") await tx.update(drivers).set({ hosRuleset: row.hosRules }).where(eq(drivers.companyId, companyId));
    await recordAuditEvent({ db: tx, companyId, actor, action: "company.updated", target: { type: "company", id: companyId }, changes });
    return toCompanyRecord(row);
  });
};
