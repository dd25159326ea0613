import { and, desc, eq, inArray } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { eldEvents } from "@/db/schema";
import type { Tenant } from "@/lib/platform/tenant";
import type { EldEventDraft } from "./record-eld-events";

/** Table 4: the data diagnostic "missing required data elements". */
export const MISSING_ELEMENTS = "3";

/**
 * The missing-data-elements diagnostic (4.6.1.5, Table 4 code 3) around a call's drafts: a type 7 code 3 record right
 * after the first record of a vehicle that lacks its engine miles or hours while the diagnostic is not active for that
 * ELD, a code 4 (cleared) after the first one that has them again. Returns the drafts in order, the diagnostics among
 * them.
 */
export const withMissingElementsDiagnostics = async ({
  db,
  companyId,
  dataset,
  drafts,
  missing,
}: Tenant & { db: Executor; drafts: readonly EldEventDraft[]; missing: ReadonlyMap<EldEventDraft, boolean> }) => {
  const vehicleIds = [...new Set([...missing.keys()].map((draft) => draft.vehicleId!))];
  if (vehicleIds.length === 0) return drafts;
  const latest = await db
    .selectDistinctOn([eldEvents.vehicleId], { vehicleId: eldEvents.vehicleId, code: eldEvents.eventCode })
    .from(eldEvents)
    .where(
      and(
        eq(eldEvents.companyId, companyId),
        eq(eldEvents.dataset, dataset),
        inArray(eldEvents.vehicleId, vehicleIds),
        eq(eldEvents.eventType, 7),
        eq(eldEvents.diagnosticCode, MISSING_ELEMENTS),
      ),
    )
    .orderBy(eldEvents.vehicleId, desc(eldEvents.eventAt), desc(eldEvents.id));
  const active = new Map(latest.map((row) => [row.vehicleId!, row.code === 3]));
  const out: EldEventDraft[] = [];
  for (const draft of drafts) {
    out.push(draft);
    const lacks = missing.get(draft);
    if (lacks === undefined || lacks === (active.get(draft.vehicleId!) ?? false)) continue;
    active.set(draft.vehicleId!, lacks);
    out.push({
      driverId: draft.driverId,
      vehicleId: draft.vehicleId,
      type: 7,
      code: lacks ? 3 : 4,
      at: draft.at,
      origin: "automatic",
      position: draft.position,
      reducedPrecision: draft.reducedPrecision,
      unassignedId: draft.unassignedId,
      diagnosticCode: MISSING_ELEMENTS,
    });
  }
  return out;
};
