import type { AlertTrigger } from "./alert-trigger";
import type { RuleState, RuleTransition } from "./evaluate-vehicle";
import type { IncidentChange, IncidentOpening } from "./record-incidents";

type Found = { vehicleId: number; transition: RuleTransition; state: RuleState | null };

/**
 * A batch's transitions as incident changes, in order: an opening names its rule, vehicle and place;
 * a closing names the incident opened earlier in the batch, else the one the stored state holds (none:
 * nothing to close). `openings` maps each opening's index to the key and final state its id goes into.
 */
export const incidentChanges = ({
  found,
  rules,
  placeById,
  named,
  storedIncident,
}: {
  found: readonly Found[];
  rules: readonly { id: number; trigger: AlertTrigger }[];
  placeById: ReadonlyMap<number, IncidentOpening["place"] & {}>;
  named: ReadonlyMap<number, IncidentOpening["vehicle"]>;
  storedIncident: (vehicleId: number, ruleId: number, key: string) => number | undefined;
}) => {
  const changes: IncidentChange[] = [];
  const openings = new Map<number, { key: string; state: RuleState | null }>();
  // Which change opened each occurrence in this batch (a vehicle may enter and leave between batches).
  const openedBy = new Map<string, number>();
  const ruleById = new Map(rules.map((rule) => [rule.id, rule]));
  for (const { vehicleId, transition, state } of found) {
    const rule = ruleById.get(transition.ruleId)!;
    const occurrence = `${vehicleId}:${rule.id}:${transition.key}`;
    const { sample } = transition;
    if (transition.kind === "close") {
      const opened = openedBy.get(occurrence);
      const stored = storedIncident(vehicleId, rule.id, transition.key);
      if (opened !== undefined) changes.push({ close: { incident: { opened }, at: sample.time } });
      else if (stored) changes.push({ close: { incident: stored, at: sample.time } });
      openedBy.delete(occurrence);
      continue;
    }
    const place = transition.placeId === null ? null : (placeById.get(transition.placeId) ?? null);
    openedBy.set(occurrence, changes.length);
    openings.set(changes.length, { key: transition.key, state });
    changes.push({
      open: {
        ruleId: rule.id,
        trigger: rule.trigger,
        vehicle: named.get(vehicleId) ?? { id: vehicleId, name: `Vehicle ${vehicleId}` },
        place,
        at: sample.time,
        latitude: sample.latitude,
        longitude: sample.longitude,
        value: transition.value,
        detail: transition.detail,
      },
    });
  }
  return { changes, openings };
};
