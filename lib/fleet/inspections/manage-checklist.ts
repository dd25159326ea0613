import { and, eq, isNull, sql } from "drizzle-orm";
import { dvirDefectTypes, type DefectSection } from "@/db/schema";
import { recordAuditEvent, type AuditActor } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";
import { ensureChecklist } from "./defect-types";

/**
 * Adds an item to the tenant's inspection checklist; a retired item of the same label comes back (with
 * the section given). 409 when the label is on the checklist already. Audited.
 */
export const addDefectType = ({
  db,
  companyId,
  dataset,
  input,
  actor,
}: TenantQuery & { input: { label: string; sectionType: DefectSection }; actor: AuditActor }) =>
  db.transaction(async (tx) => {
    await ensureChecklist({ db: tx, companyId, dataset });
    const [row] = await tx
      .insert(dvirDefectTypes)
      .values({ companyId, dataset, label: input.label, sectionType: input.sectionType })
      .onConflictDoUpdate({
        target: [dvirDefectTypes.companyId, dvirDefectTypes.dataset, dvirDefectTypes.label],
        set: { retiredAt: null, sectionType: input.sectionType },
        // Only a retired item comes back: an active one of that label is a conflict, answered below.
        setWhere: sql`${dvirDefectTypes.retiredAt} is not null`,
      })
      .returning({ id: dvirDefectTypes.id });
    if (!row) throw new AppError("conflict", `“${input.label}” is on the checklist already.`);
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "dvir_defect_type.added",
      target: { type: "dvir_defect_type", id: row.id },
      changes: { label: { before: null, after: input.label }, sectionType: { before: null, after: input.sectionType } },
    });
    return row;
  });

/**
 * Takes an item off the checklist: drivers no longer see it, reports made with it keep its label. 404
 * for another tenant's or a retired one; 400 for the last item (a driver must have something to report).
 */
export const retireDefectType = ({ db, companyId, dataset, defectTypeId, actor }: TenantQuery & { defectTypeId: number; actor: AuditActor }) =>
  db.transaction(async (tx) => {
    const active = await tx
      .select({ id: dvirDefectTypes.id, label: dvirDefectTypes.label })
      .from(dvirDefectTypes)
      .where(and(whereTenant(dvirDefectTypes, { companyId, dataset }), isNull(dvirDefectTypes.retiredAt)))
      .for("update");
    const item = active.find((row) => row.id === defectTypeId);
    if (!item) throw new AppError("not_found", `No checklist item with id ${defectTypeId}.`);
    if (active.length === 1) throw new AppError("bad_request", "The checklist keeps at least one item: add another before retiring this one.");
    await tx
      .update(dvirDefectTypes)
      .set({ retiredAt: new Date() })
      .where(and(eq(dvirDefectTypes.companyId, companyId), eq(dvirDefectTypes.id, defectTypeId)));
    await recordAuditEvent({
      db: tx,
      companyId,
      actor,
      action: "dvir_defect_type.retired",
      target: { type: "dvir_defect_type", id: defectTypeId },
      changes: { label: { before: item.label, after: null } },
    });
  });
