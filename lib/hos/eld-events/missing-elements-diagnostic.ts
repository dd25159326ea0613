import type { EldEventDraft } from "./record-eld-events";

/** Table 4: the data diagnostic "missing required data elements". */
export const MISSING_ELEMENTS = "3";

/**
 * The missing-data-elements diagnostic (4.6.1.5, Table 4 code 3) around a call's drafts: a type 7 code 3 record right
 * after the first record of a vehicle that lacks its engine miles or hours while the diagnostic is not active for that
 * ELD, a code 4 (cleared) after the first one that has them again. `stored` holds each ELD's active codes before the
 * call (active-indicators.ts). Returns the drafts in order, the diagnostics among them.
 */
export const withMissingElementsDiagnostics = ({
  drafts,
  missing,
  stored,
}: {
  drafts: readonly EldEventDraft[];
  missing: ReadonlyMap<EldEventDraft, boolean>;
  stored: ReadonlyMap<number, ReadonlySet<string>>;
}) => {
  const active = new Map([...stored].map(([vehicleId, codes]) => [vehicleId, codes.has(MISSING_ELEMENTS)]));
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
