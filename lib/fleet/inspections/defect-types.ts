import { and, asc, gt, inArray, isNull } from "drizzle-orm";
import { dvirDefectTypes, type DefectSection } from "@/db/schema";
import { whereTenant, type TenantQuery } from "@/lib/platform/tenant";

/**
 * The checklist a company starts with: the parts and accessories 49 CFR 396.11(a)(2) requires a
 * driver's report to cover, plus "Other" for anything else the driver finds.
 */
export const DEFAULT_CHECKLIST: readonly { label: string; sectionType: DefectSection }[] = [
  { label: "Brakes", sectionType: "exteriorSideUnderneath" },
  { label: "Steering", sectionType: "interiorDriverCab" },
  { label: "Lights and reflectors", sectionType: "exteriorFront" },
  { label: "Tires", sectionType: "exteriorSideUnderneath" },
  { label: "Horn", sectionType: "interiorDriverCab" },
  { label: "Windshield wipers", sectionType: "exteriorFront" },
  { label: "Mirrors", sectionType: "exteriorFront" },
  { label: "Coupling devices", sectionType: "exteriorRear" },
  { label: "Wheels and rims", sectionType: "exteriorSideUnderneath" },
  { label: "Emergency equipment", sectionType: "interiorDriverCab" },
  { label: "Other", sectionType: "other" },
];

export type DefectTypeRow = { id: number; label: string; sectionType: DefectSection; createdAt: Date };

const columns = { id: dvirDefectTypes.id, label: dvirDefectTypes.label, sectionType: dvirDefectTypes.sectionType, createdAt: dvirDefectTypes.createdAt };

/**
 * Gives the tenant the default checklist the first time it is needed. Two first readers at once both
 * insert; the label's unique index keeps one of each.
 */
export const ensureChecklist = async ({ db, companyId, dataset }: TenantQuery) => {
  const [any] = await db.select({ id: dvirDefectTypes.id }).from(dvirDefectTypes).where(whereTenant(dvirDefectTypes, { companyId, dataset })).limit(1);
  if (any) return;
  await db
    .insert(dvirDefectTypes)
    .values(DEFAULT_CHECKLIST.map((type) => ({ ...type, companyId, dataset })))
    .onConflictDoNothing();
};

/** The tenant's checklist in its order (id order), after `afterId`, only `ids` when given; retired items left out. */
export const listDefectTypes = async ({
  db,
  companyId,
  dataset,
  ids,
  afterId,
  limit = 512,
}: TenantQuery & { ids?: number[]; afterId?: number; limit?: number }): Promise<DefectTypeRow[]> => {
  await ensureChecklist({ db, companyId, dataset });
  return db
    .select(columns)
    .from(dvirDefectTypes)
    .where(
      and(
        whereTenant(dvirDefectTypes, { companyId, dataset }),
        ids ? inArray(dvirDefectTypes.id, ids.length ? ids : [0]) : undefined,
        afterId === undefined ? undefined : gt(dvirDefectTypes.id, afterId),
        isNull(dvirDefectTypes.retiredAt),
      ),
    )
    .orderBy(asc(dvirDefectTypes.id))
    .limit(limit);
};

/** The tenant's defect types on the checklist by id, for checking a submission's (the checklist ensured; a retired one is not there). */
export const findDefectTypes = async ({ ids, ...tenant }: TenantQuery & { ids: number[] }) =>
  new Map((await listDefectTypes({ ...tenant, ids })).map((type) => [type.id, type]));
